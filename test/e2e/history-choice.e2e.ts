import { describe, expect, it } from 'vitest';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { useE2eSession } from './support/session';

describe('"Keep a history of pushes in this browser"', () => {
  const session = useE2eSession();

  async function pushNamed(name: string): Promise<void> {
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill(`${name} ${crypto.randomUUID()}`);
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill(name);
    await popup.pushButton().click();
    await popup.link();
    await popup.page.close();
  }

  it('on by default; turned off, it forgets what was kept and keeps nothing new; the pushes page says what it keeps', async () => {
    const options = await OptionsPage.open(session.extension);
    const keep = options.page.getByRole('checkbox', { name: 'Keep a history of pushes in this browser' });
    await options.save(session.pwpush.url, session.pwpush.users[0]!.token);
    await expect.poll(() => options.announcements(), { timeout: 15_000 }).toMatch(/saved/i);
    expect(await keep.isChecked()).toBe(true);
    expect(await options.page.getByRole('spinbutton', { name: 'Forget expired pushes after (days)' }).inputValue()).toBe('30');

    await pushNamed('Kept');
    const pushes = await PushesPage.open(session.extension);
    // The background may write the entry a moment after the popup closed: reload until it is there. After each
    // reload the list renders only once the history is read (and swept), so wait for a row before reading names.
    const listed = async () => {
      await pushes.page.reload();
      await pushes
        .rows()
        .first()
        .waitFor({ timeout: 3000 })
        .catch(() => undefined);
      return pushes.names();
    };
    await expect.poll(listed, { timeout: 20_000 }).toEqual(['Kept']);
    expect(await pushes.panel().innerText()).toContain('Their links, names and notes are kept here; never the secret.');

    await keep.uncheck();
    await options.saveButton().click();
    await expect.poll(() => options.announcements(), { timeout: 15_000 }).toMatch(/saved/i);
    await pushNamed('Not kept');
    expect(session.pwpush.pushes()).toHaveLength(2);
    // The background writes the history after the link shows: give a write that should not happen time to.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await pushes.page.reload();
    await pushes.page.getByText('No pushes have been made in this browser yet.').waitFor();
    expect(await pushes.names()).toEqual([]);
  });
});
