import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { airportFeedCalls, airportFeedUrls } from '@/lib/settings';
import { monthOf } from '@/lib/wait-times/connection';
import { readFeedUrl } from '@/components/options/feed-form';
import { answerAsWorkingInstance, controls, describedFirst, fillAndSave, openOptions, storedLocal, stubPermissions, type } from './support';

vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/pwpush/client')>()),
  activePushes: vi.fn(),
}));

const CPH = 'https://cphwaitingtime.z6.web.core.windows.net/waitingtime.json';
const SWEDAVIA = 'https://www.swedavia.com/services/queuetimes/v2/airport/en/{IATA}/true';

let permissions: ReturnType<typeof stubPermissions>;
beforeEach(() => {
  permissions = stubPermissions();
  answerAsWorkingInstance();
});

const websites = () => screen.getByRole('group', { name: 'Airport websites' });
const address = (label: string) => within(websites()).getByRole('textbox', { name: label }) as HTMLInputElement;
const reset = (label: string) => within(websites()).getByRole('button', { name: `Reset the address for ${label}` }) as HTMLButtonElement;

describe('the settings page: an address per airport website', () => {
  it('labels each by its airport, shows the website’s own address, its requests this month, and a Reset that is off until changed', async () => {
    await airportFeedCalls.setValue({ month: monthOf(new Date()), counts: { cph: 12, fra: 1 } });
    await openOptions();
    const labels = within(websites())
      .getAllByRole('textbox')
      .map((field) => field.getAttribute('id') && document.querySelector(`label[for="${field.id}"]`)!.textContent);
    expect(labels).toEqual([
      "Swedavia's airports, without a key",
      'Copenhagen Airport (CPH)',
      'Oslo Airport, Gardermoen (OSL)',
      'Amsterdam Airport Schiphol (AMS)',
      'Frankfurt Airport (FRA)',
      'Munich Airport (MUC)',
      'Düsseldorf Airport (DUS)',
      'Dublin Airport (DUB)',
      'Edinburgh Airport (EDI)',
    ]);
    expect(address('Copenhagen Airport (CPH)').value).toBe(CPH);
    expect(address("Swedavia's airports, without a key").value).toBe(SWEDAVIA);
    expect(describedFirst(address('Copenhagen Airport (CPH)'))).toBe(`The website's own: ${CPH}. 12 requests this month.`);
    expect(describedFirst(address('Frankfurt Airport (FRA)'))).toMatch(/ 1 request this month\.$/);
    expect(reset('Copenhagen Airport (CPH)').disabled).toBe(true);
  });

  it('saves a changed address with the one Save, without asking for its host (the side panel asks, for the airport shown)', async () => {
    await openOptions();
    type(address('Copenhagen Airport (CPH)'), '  https://proxy.corp.example/cph/waitingtime.json ');
    expect(reset('Copenhagen Airport (CPH)').disabled).toBe(false);
    fillAndSave('');
    await waitFor(() => expect(controls.status().textContent).toMatch(/^Saved\./));
    expect((await storedLocal()).airportFeedUrls).toEqual({ cph: 'https://proxy.corp.example/cph/waitingtime.json' });
    expect(permissions.request).not.toHaveBeenCalled();
  });

  it('Reset puts the website’s own address back, and the website’s own is not stored', async () => {
    await airportFeedUrls.setValue({ cph: 'https://proxy.corp.example/cph.json', dub: 'https://mirror.example/dub' });
    await openOptions();
    expect(address('Copenhagen Airport (CPH)').value).toBe('https://proxy.corp.example/cph.json');
    fireEvent.click(reset('Copenhagen Airport (CPH)'));
    expect(address('Copenhagen Airport (CPH)').value).toBe(CPH);
    fillAndSave('');
    await waitFor(() => expect(controls.status().textContent).toMatch(/^Saved\./));
    expect((await storedLocal()).airportFeedUrls).toEqual({ dub: 'https://mirror.example/dub' });
  });

  it('refuses an address that is no feed’s, at its field, and saves nothing', async () => {
    await openOptions();
    type(address('Copenhagen Airport (CPH)'), 'http://proxy.corp.example/cph.json');
    type(address("Swedavia's airports, without a key"), 'https://mirror.example/queuetimes/ARN/true');
    fillAndSave('');
    await waitFor(() => expect(controls.alert().textContent).toMatch(/^Nothing was saved/));
    expect(describedFirst(address('Copenhagen Airport (CPH)'))).toBe(
      'The address must start with https:// (http:// only for localhost and 127.0.0.1 on this computer).',
    );
    expect(describedFirst(address("Swedavia's airports, without a key"))).toBe(
      "Keep {IATA} in the address: Pushgate puts the airport's code there.",
    );
    expect(document.activeElement).toBe(address("Swedavia's airports, without a key"));
    expect((await storedLocal()).airportFeedUrls).toBeUndefined();
  });
});

describe('readFeedUrl', () => {
  it.each<[Parameters<typeof readFeedUrl>[0], string, ReturnType<typeof readFeedUrl>['ok'], string?]>([
    ['cph', CPH, true, CPH],
    ['cph', '', true, CPH],
    ['cph', '   ', true, CPH],
    ['cph', 'https://proxy.example/a?b=1', true, 'https://proxy.example/a?b=1'],
    ['cph', 'http://127.0.0.1:5300/waitingtime.json', true, 'http://127.0.0.1:5300/waitingtime.json'],
    ['cph', 'http://localhost/waitingtime.json', true, 'http://localhost/waitingtime.json'],
    ['cph', 'http://proxy.example/waitingtime.json', false],
    ['cph', 'ftp://proxy.example/waitingtime.json', false],
    ['cph', 'proxy.example/waitingtime.json', false],
    ['cph', 'https://user:secret@proxy.example/waitingtime.json', false],
    ['swedavia-web', 'https://mirror.example/{IATA}/true', true, 'https://mirror.example/{IATA}/true'],
    ['swedavia-web', 'https://mirror.example/ARN/true', false],
  ])('%s %j → ok %s', (source, text, ok, url) => {
    const check = readFeedUrl(source, text);
    expect(check.ok).toBe(ok);
    if (check.ok) expect(check.url).toBe(url);
  });
});
