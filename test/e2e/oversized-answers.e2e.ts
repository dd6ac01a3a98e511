import { describe, expect, it } from 'vitest';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

// A hostile instance that answers a list with 100,000 pushes on one page: the Pushes page says so
// within seconds and a popup opened meanwhile (one renderer process serves every extension page)
// can be used at once. The limits are generous: this is no measurement, only "not stuck".
describe('an instance that sends 100,000 pushes as one page', () => {
  const session = useE2eSession();

  it('the Pushes page says so within seconds, and a popup opened meanwhile answers at once', async () => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    session.pwpush.setFault({ type: 'huge-list', count: 100_000, paths: '/api/v2/pushes/' });

    const pushes = await PushesPage.open(session.extension);
    await pushes.tab('Active').click();
    const asked = Date.now();
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('typed while the Pushes page reads', { timeout: 5000 });
    expect(Date.now() - asked).toBeLessThan(5000);

    await pushes.panel().getByRole('alert').waitFor({ timeout: 5000 });
    expect(await pushes.panel().getByRole('alert').innerText()).toContain(
      'The instance sent a page far larger than a page of 50 pushes can be; Pushgate stopped reading it.',
    );
    expect(Date.now() - asked).toBeLessThan(5000);
    expect(await pushes.rows().count()).toBe(0);
    // Every list request stopped a few MB in, of about 60 MB each.
    await expect.poll(() => session.pwpush.oversizedSent.length).toBeGreaterThan(0);
    for (const bytes of session.pwpush.oversizedSent) expect(bytes).toBeLessThan(24 * 1024 * 1024);
  });
});
