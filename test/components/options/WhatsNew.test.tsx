import { render, screen, waitFor, within } from '@testing-library/preact';
import { h } from 'preact';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WhatsNew } from '@/components/options/WhatsNew';
import { whatsNew } from '@/lib/settings/whats-new';
import { loadMessages, makeGetMessage } from '@/test/support/messages';

describe("What's new in the settings page", () => {
  it('shows the changelog since the version the person had, open, drawn as text, and marks it seen', async () => {
    await whatsNew.setValue({ since: '0.0.9', version: '0.1.0', seen: false });
    render(h(WhatsNew, {}));
    const heading = await screen.findByRole('heading', { name: "What's new in Pushgate 0.1.0" });
    const section = heading.closest('section')!;
    expect(section.querySelector('details')!.open).toBe(true);
    expect(within(section).getByText('Since version 0.0.9, the one you had before:')).toBeTruthy();
    const version = within(section).getByRole('region', { name: '0.1.0' });
    const first = within(version).getAllByRole('listitem')[0]!;
    expect(first.querySelector('strong')!.textContent).toBe('Share a secret');
    expect(version.querySelector('ul')!.lang).toBe('en');
    expect(within(section).queryByText(/Not translated yet/)).toBeNull();
    await waitFor(async () => expect((await whatsNew.getValue())?.seen).toBe(true));
  });

  it('once seen, stays folded', async () => {
    await whatsNew.setValue({ since: '0.0.9', version: '0.1.0', seen: true });
    render(h(WhatsNew, {}));
    const heading = await screen.findByRole('heading', { name: "What's new in Pushgate 0.1.0" });
    expect(heading.closest('details')!.open).toBe(false);
  });

  it('speaks the browser’s language: Swedish, from CHANGELOG.sv.md', async () => {
    (fakeBrowser as unknown as { i18n: object }).i18n = { getMessage: makeGetMessage(loadMessages('sv')), getUILanguage: () => 'sv' };
    await whatsNew.setValue({ since: '0.0.9', version: '0.1.0', seen: false });
    render(h(WhatsNew, {}));
    const heading = await screen.findByRole('heading', { name: 'Nyheter i Pushgate 0.1.0' });
    const section = heading.closest('section')!;
    expect(within(section).getByText('Sedan version 0.0.9, den du hade innan:')).toBeTruthy();
    const version = within(section).getByRole('region', { name: '0.1.0' });
    const entries = within(version).getAllByRole('listitem');
    expect(entries[0]!.querySelector('strong')!.textContent).toBe('Dela en hemlighet');
    expect(entries.map((entry) => entry.textContent)).toContain('Engelska, svenska, tyska, spanska, franska, italienska och nederländska.');
    expect(version.querySelector('ul')!.lang).toBe('sv');
    expect(within(section).queryByText('Inte översatt än: visas på engelska.')).toBeNull();
    await waitFor(async () => expect((await whatsNew.getValue())?.seen).toBe(true));
  });

  it('a note with nothing for this package shows nothing, and the dot goes', async () => {
    await whatsNew.setValue({ since: '0.1.0', version: '0.1.0', seen: false });
    const { container } = render(h(WhatsNew, {}));
    await waitFor(async () => expect((await whatsNew.getValue())?.seen).toBe(true));
    expect(container.innerHTML).toBe('');
  });

  it('shows nothing on a fresh install or after a patch release (no note)', async () => {
    const { container } = render(h(WhatsNew, {}));
    await Promise.resolve();
    expect(container.innerHTML).toBe('');
  });
});
