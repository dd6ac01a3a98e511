import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { ok } from '@/lib/result';
import { DEFAULT_PUSH_DEFAULTS, pushDefaults } from '@/lib/settings/pwpush';
import { answerListsEmpty, audit, configure, makePage, makePush, seedHistory, pwpush } from './fixtures';

const { auditLog } = pwpush;

const readAudit = auditLog;

const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SLACK_WARNING = "Opened by Slack's link preview, not a person: your recipient may find it expired.";
const TURN_ON = 'Turn on the retrieval step for new pushes';

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

async function openAudit(entries: ReturnType<typeof audit>[]): Promise<void> {
  await configure();
  await seedHistory([makePush({ urlToken: 'audited1', name: 'Audited' })]);
  readAudit.mockResolvedValue(ok(makePage(entries)));
  render(<PushesApp />);
  const row = (await screen.findByText('Audited')).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: 'Audit log' }));
  await screen.findByRole('table', { name: /Audit log of/ });
}

/** Each row's "Opened by" cell, as the person reads it. */
function openedBy(): string[] {
  const table = screen.getByRole('table', { name: /Audit log of/ });
  const column = within(table)
    .getAllByRole('columnheader')
    .findIndex((header) => header.textContent === 'Opened by');
  expect(column).toBeGreaterThan(0);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.children[column]!.textContent ?? '');
}

describe('who opened a push, in the audit log', () => {
  it('says a Slack preview, a browser and an unknown agent apart, in words, keeping the agents as the server sent them', async () => {
    await openAudit([
      audit('creation', { userAgent: CHROME }),
      audit('view', { userAgent: SLACK }),
      audit('view', { userAgent: CHROME }),
      audit('view', { userAgent: 'curl/8.5.0' }),
      audit('failed_view', { userAgent: '' }),
    ]);
    expect(openedBy()).toEqual([
      '',
      "Slack's link preview",
      'a browser',
      'a browser or app we do not recognise',
      'a browser or app we do not recognise',
    ]);
    screen.getByText(SLACK_WARNING);
    screen.getByText(SLACK);
    screen.getByText('curl/8.5.0');
  });

  it('warns once per machine, however many of its views the page holds', async () => {
    await openAudit([audit('view', { userAgent: SLACK }), audit('view', { userAgent: SLACK })]);
    expect(screen.getAllByText(SLACK_WARNING)).toHaveLength(1);
  });

  it('shows the agent of a machine it names as text, never as markup', async () => {
    const hostile = `${SLACK} <img src=x onerror=alert(1)>`;
    await openAudit([audit('view', { userAgent: hostile })]);
    screen.getByText(hostile);
    expect(document.querySelector('.audit-log img')).toBeNull();
  });

  it('has no warning and no suggestion when people opened it', async () => {
    await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, retrievalStep: false });
    await openAudit([audit('view', { userAgent: CHROME })]);
    await waitFor(() => expect(openedBy()).toEqual(['a browser']));
    expect(screen.queryByText(/not a person/)).toBeNull();
    expect(screen.queryByRole('button', { name: TURN_ON })).toBeNull();
  });

  it('turns the retrieval step on for new pushes in one click and says it did, keeping the other defaults', async () => {
    await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, retrievalStep: false, expireAfterDays: 3 });
    await openAudit([audit('view', { userAgent: SLACK })]);
    fireEvent.click(await screen.findByRole('button', { name: TURN_ON }));
    await screen.findByText('The retrieval step is now on for new pushes. You can change it in the settings.');
    expect(await pushDefaults.getValue()).toEqual({ ...DEFAULT_PUSH_DEFAULTS, retrievalStep: true, expireAfterDays: 3 });
    expect(screen.queryByRole('button', { name: TURN_ON })).toBeNull();
  });

  it('offers no button when the retrieval step is already on for new pushes', async () => {
    await openAudit([audit('view', { userAgent: SLACK })]);
    screen.getByText(SLACK_WARNING);
    // The defaults are read before the suggestion would show; give that read its time.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: TURN_ON })).toBeNull();
  });
});

describe('the one-click default, when storage refuses', () => {
  it('says the setting was not saved and where to turn it on', async () => {
    await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, retrievalStep: false });
    vi.spyOn(pushDefaults, 'setValue').mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'));
    await openAudit([audit('view', { userAgent: SLACK })]);
    fireEvent.click(await screen.findByRole('button', { name: TURN_ON }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The setting could not be saved. Turn on the retrieval step in the settings.',
    );
  });
});
