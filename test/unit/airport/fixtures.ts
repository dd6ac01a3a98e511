/**
 * Bodies as the servers sent them: captures (test/unit/airport/samples/,
 * docs/airport-api.md#quirks-in-the-samples) unless said otherwise.
 */

const arnEntry = (
  id: number,
  queueName: string,
  wait: number,
  isFastTrack: boolean,
  terminal: string,
  latitude: number,
  longitude: number,
) => ({
  id,
  queueName,
  currentTime: '2026-09-29T13:27:04Z',
  currentProjectedWaitTime: wait,
  isFastTrack,
  terminal,
  latitude,
  longitude,
  overflow: false,
});

/** ARN, real v2 capture, in the API's own order (T5 FastTrack before T5). */
export const ARN_V2 = {
  activeMeasurementStations: 7,
  waitTimes: [
    arnEntry(5, 'Security Terminal 2', 4, false, 'T2', 59.64442, 17.92809),
    arnEntry(6, 'Security Terminal 2 FastTrack', 0, true, 'T2', 59.64442, 17.92809),
    arnEntry(7, 'Security Terminal 3', 0, false, 'T3', 59.64561, 17.92449),
    arnEntry(8, 'Security Terminal 4', 1, false, 'T4', 59.64775, 17.92761),
    arnEntry(9, 'Security Terminal 4 FastTrack', 0, true, 'T4', 59.64775, 17.92761),
    arnEntry(23, 'Security Terminal 5F FastTrack', 1, true, 'T5', 59.65176, 17.93376),
    arnEntry(24, 'Security Terminal 5F', 2, false, 'T5', 59.65176, 17.93376),
  ],
};

/** BMA, one queue, no terminal. */
export const BMA_V2 = {
  activeMeasurementStations: 1,
  waitTimes: [
    {
      id: 1,
      queueName: 'Security Bromma',
      currentTime: '2026-09-29T13:42:04Z',
      currentProjectedWaitTime: 0,
      isFastTrack: false,
      terminal: null,
      latitude: 59.35553,
      longitude: 17.94556,
      overflow: false,
    },
  ],
};

/** GOT, FastTrack listed first, no terminal. */
export const GOT_V2 = {
  activeMeasurementStations: 2,
  waitTimes: [
    {
      id: 2,
      queueName: 'Security Landvetter FastTrack',
      currentTime: '2023-12-04T09:52:47Z',
      currentProjectedWaitTime: 2,
      isFastTrack: true,
      terminal: null,
      latitude: 57.66869,
      longitude: 12.29521,
      overflow: false,
    },
    {
      id: 3,
      queueName: 'Security Landvetter',
      currentTime: '2023-12-04T09:52:47Z',
      currentProjectedWaitTime: 7,
      isFastTrack: false,
      terminal: null,
      latitude: 57.66869,
      longitude: 12.29521,
      overflow: false,
    },
  ],
};

/**
 * The spec's v1 shape (`places`, no `overflow`, docs/airport-api.md#wait-times-json), with invented
 * peak-hour values.
 */
export const ARN_V1_PEAK = {
  places: ARN_V2.waitTimes.map(({ overflow: _overflow, ...entry }, index) => ({
    ...entry,
    currentTime: '2026-06-19T04:55:04Z',
    currentProjectedWaitTime: [12, 3, 6, 18, 4, 9, 47][index]!,
  })),
};

/**
 * The airport list (values constructed: no real answer is published,
 * docs/airport-api.md#airports).
 */
export const AIRPORTS = [
  { iata: 'ARN', name: 'Stockholm Arlanda', localDisplayName: 'Stockholm Arlanda Airport', displayName: 'Stockholm Arlanda Airport' },
  { iata: 'BMA', name: 'Bromma Stockholm', localDisplayName: 'Bromma Stockholm Airport', displayName: 'Bromma Stockholm Airport' },
  { iata: 'GOT', name: 'Göteborg Landvetter', localDisplayName: 'Göteborg Landvetter Airport', displayName: 'Göteborg Landvetter Airport' },
  { iata: 'MMX', name: 'Malmö', localDisplayName: 'Malmö Airport', displayName: 'Malmö Airport' },
];

/** The gateway's error bodies (docs/airport-api.md#errors). */
export const ERRORS = {
  unsupported: '"Airport MMX not supported"',
  unknownFlight: '"No departure flightdata found for XX0000 at ARN on the 2026-09-29"',
  invalidKey: JSON.stringify({
    statusCode: 401,
    message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
  }),
  rateLimit: JSON.stringify({ statusCode: 429, message: 'Rate limit is exceeded. Try again in 56 seconds.' }),
  quota: JSON.stringify({ statusCode: 403, message: 'Out of call volume quota. Quota will be replenished in 07:01:20.' }),
  notFound: JSON.stringify({ statusCode: 404, message: 'Resource not found' }),
};

/**
 * XML in the .NET XmlSerializer style (layout guessed, roots from the spec;
 * docs/airport-api.md#xml).
 */
export const WAIT_XML_V1 = `<?xml version="1.0" encoding="utf-8"?>
<PlaceWaitTime xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.example/wait">
  <!-- a comment -->
  <places>
    <Place>
      <id>24</id><queueName>Security Terminal 5F</queueName><currentTime>2026-09-29T13:27:04Z</currentTime>
      <currentProjectedWaitTime>2</currentProjectedWaitTime><isFastTrack>false</isFastTrack><terminal>T5</terminal>
      <latitude>59.65176</latitude><longitude>17.93376</longitude>
    </Place>
    <Place>
      <id>1</id><queueName>Security Bromma &amp; Co</queueName><currentTime>2026-09-29T13:42:04</currentTime>
      <currentProjectedWaitTime>0</currentProjectedWaitTime><isFastTrack>False</isFastTrack><terminal xsi:nil="true" />
      <latitude>59.35553</latitude><longitude>17.94556</longitude>
    </Place>
  </places>
</PlaceWaitTime>`;

export const WAIT_XML_V2 = `<?xml version="1.0"?><a:PlaceWaitTime xmlns:a="urn:x"><a:activeMeasurementStations>1</a:activeMeasurementStations><a:waitTimes><a:Place><a:id>6</a:id><a:queueName>Security Terminal 2 FastTrack &amp; more</a:queueName><a:currentTime>2026-09-29T13:27:04Z</a:currentTime><a:currentProjectedWaitTime>3</a:currentProjectedWaitTime><a:isFastTrack>true</a:isFastTrack><a:terminal>T2</a:terminal><a:latitude>59.64442</a:latitude><a:longitude>17.92809</a:longitude><a:overflow>true</a:overflow></a:Place></a:waitTimes></a:PlaceWaitTime>`;

export const AIRPORTS_XML = `<?xml version="1.0" encoding="utf-8"?>
<AirportArray xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Airport><iata>ARN</iata><name>Stockholm Arlanda</name><localDisplayName>Stockholm Arlanda Airport</localDisplayName><displayName>Stockholm Arlanda Airport</displayName></Airport>
  <Airport><iata>got</iata><name>G&#246;teborg Landvetter</name><localDisplayName xsi:nil="true"/><displayName /></Airport>
</AirportArray>`;
