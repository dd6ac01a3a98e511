// The website feeds as they answer (docs/airport-sources.md): for each, its path, the demo body
// (the real shape, values made up), what the site asks of a request, and a "renamed" body: the
// same data with one key renamed, as a feed's next change could do (the client must say the
// value is missing, never show a wrong one).

/** @typedef {import('./server.d.mts').FeedModule} FeedModule */

/** `2026-09-29T15:27:04` on `timeZone`'s clock, no offset: how a site writes its own local time. */
export function localStamp(now, timeZone) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(now)
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `localStamp` with the zone's offset: `2026-09-29T15:27:04+02:00`. */
export function offsetStamp(now, timeZone) {
  const local = localStamp(now, timeZone);
  const offset = Math.round((Date.parse(`${local}Z`) - Math.floor(now / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Renames one key of an object, keeping its place. */
const renameKey = (object, from, to) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key === from ? to : key, value]));

/** The page a website serves where a request is not what its feed expects: markup, not data. */
export const SITE_PAGE = '<!DOCTYPE html><html lang="en"><head><title>Airport</title></head><body><h1>Welcome</h1></body></html>';

/** @type {Record<string, Array<{ locationName: string, interval: string }>>} */
const SWEDAVIA_DEMO = {
  ARN: [
    { locationName: 'Terminal 2', interval: '0-5 min' },
    { locationName: 'Terminal 4', interval: '5-10 min' },
    { locationName: 'Terminal 5', interval: '10-15 min' },
  ],
  BMA: [{ locationName: 'Bromma', interval: '0-5 min' }],
  GOT: [{ locationName: 'Landvetter', interval: '5-10 min' }],
};

/** @type {Record<string, FeedModule>} */
export const FEEDS = {
  'swedavia-web': {
    id: 'swedavia-web',
    // The code is in the path; Swedavia's other airports answer an empty list (no capture: docs/airport-sources.md#swedavia-web).
    path: /^\/services\/queuetimes\/v2\/airport\/en\/([A-Za-z]{3})\/true$/,
    demo: (_now, iata = 'ARN') => ({ queueTimesList: (SWEDAVIA_DEMO[iata.toUpperCase()] ?? []).map((entry) => ({ ...entry })) }),
    renamed: (body) => ({ ...body, queueTimesList: body.queueTimesList.map((entry) => renameKey(entry, 'interval', 'waitInterval')) }),
  },
  cph: {
    id: 'cph',
    path: /^\/waitingtime\.json$/,
    demo: (now) => ({
      t2WaitingTime: 12,
      t2WaitingTimeInterval: '10-15',
      t3WaitingTime: 3,
      t3WaitingTimeInterval: '0-5',
      deliveryId: localStamp(now, 'Europe/Copenhagen'),
    }),
    renamed: (body) => renameKey(renameKey(body, 't3WaitingTimeInterval', 'terminal3WaitInterval'), 't3WaitingTime', 'terminal3Wait'),
  },
  osl: {
    id: 'osl',
    path: /^\/Api\/QueueTime\/OSL$/,
    demo: () => ({ timeMinutesRounded: 7 }),
    renamed: (body) => renameKey(body, 'timeMinutesRounded', 'waitMinutes'),
  },
  ams: {
    id: 'ams',
    path: /^\/api\/proxy\/v3\/waittimes\/security-filters$/,
    demo: (now) => {
      const updated = offsetStamp(now - 60_000, 'Europe/Amsterdam');
      return {
        VF1: { waitTimeInSeconds: 420, updated },
        VF2: { waitTimeInSeconds: 180, updated },
        VF3: { waitTimeInSeconds: 960, updated },
        VF4: { waitTimeInSeconds: 0, updated },
      };
    },
    renamed: (body) => ({ ...body, VF3: renameKey(body.VF3, 'waitTimeInSeconds', 'waitSeconds') }),
  },
  fra: {
    id: 'fra',
    path: /^\/wartezeiten\/appres\/rest\/waz$/,
    demo: () => ({
      data: [
        { ps: 'Security checkpoint, Concourse A\r\nDeparture gates: A1 - A69', status: '5 min' },
        { ps: 'Security checkpoint, Concourse B\r\nDeparture gates: B1 - B63', status: '10 - 15 min' },
        { ps: 'Security checkpoint, Concourse C\r\nDeparture gates: C1 - C16', status: '< 5 min' },
        { ps: 'Security checkpoint, Concourse D\r\nDeparture gates: D1 - D8', status: '20 min' },
        { ps: 'Security checkpoint, Concourse E\r\nDeparture gates: E1 - E24', status: '8 min' },
      ],
    }),
    renamed: (body) => ({ data: body.data.map((entry) => renameKey(entry, 'status', 'waitingTime')) }),
  },
  muc: {
    id: 'muc',
    path: /^\/info\/generic\/data\/QueueWaitingTimeEDDM_en\.json$/,
    demo: () => ({
      queueTimes: {
        current: [
          { queueId: 'T2_Abflug_SIKO_ECO_NORD', projectedWaitTime: 240 },
          { queueId: 'T2_Abflug_SIKO_ECO_SUED', projectedWaitTime: 420 },
        ],
      },
    }),
    renamed: (body) => ({ queueTimes: renameKey(body.queueTimes, 'current', 'now') }),
  },
  dus: {
    id: 'dus',
    path: /^\/api\/sitecore\/flightapi\/WaitingTimes$/,
    demo: () => ({
      data: [
        { name: 'Sicherheitskontrolle A', waitingTime: 6 },
        { name: 'Sicherheitskontrolle B', waitingTime: 11 },
        { name: 'Sicherheitskontrolle C', waitingTime: 3 },
      ],
    }),
    renamed: (body) => ({ data: body.data.map((entry) => renameKey(entry, 'waitingTime', 'wartezeit')) }),
    // The feed answers an XMLHttpRequest only (docs/airport-sources.md#dus); anything else gets the site's page.
    refuses: (headers) => (headers['x-requested-with'] === 'XMLHttpRequest' ? null : { status: 200, html: SITE_PAGE }),
  },
  dub: {
    id: 'dub',
    path: /^\/upi\/SecurityTimes\/GetTimes$/,
    demo: () => ({ T1: '= 5', T2: '= 12' }),
    renamed: (body) => renameKey(body, 'T2', 'Terminal2'),
  },
  edi: {
    id: 'edi',
    path: /^\/blip-api\/blip$/,
    demo: () => ({ queue: 217, minutes: 4 }),
    renamed: (body) => renameKey(body, 'minutes', 'waitMinutes'),
  },
};

/** The path the demo is served at, as a feed address names it (the default address's path and query). */
export const FEED_PATHS = {
  'swedavia-web': '/services/queuetimes/v2/airport/en/{IATA}/true',
  cph: '/waitingtime.json',
  osl: '/Api/QueueTime/OSL',
  ams: '/api/proxy/v3/waittimes/security-filters',
  fra: '/wartezeiten/appres/rest/waz?lang=en',
  muc: '/info/generic/data/QueueWaitingTimeEDDM_en.json',
  dus: '/api/sitecore/flightapi/WaitingTimes',
  dub: '/upi/SecurityTimes/GetTimes',
  edi: '/blip-api/blip?version=2',
};
