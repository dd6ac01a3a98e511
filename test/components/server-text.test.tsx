// Every server string is rendered inside an isolating element (<bdi>: its direction from its own
// first strong character, `unicode-bidi: isolate`), so a U+202E in a push's name cannot reorder
// the badge, the minutes or the words next to it.
import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { PushesApp } from '@/components/pushes/PushesApp';
import { InstanceReport } from '@/components/options/InstanceReport';
import { FileLinks } from '@/components/popup/receive/FileLinks';
import { checkpointOfQueue } from '@/lib/airport/sources/swedavia-board';
import { WaitTimeBoard } from '@/components/sidepanel/WaitTimeBoard';
import type { VersionInfo } from '@/lib/pwpush/types';
import { ok } from '@/lib/result';
import { answerListsEmpty, audit, configure, makePage, makePush, seedHistory } from './pushes/fixtures';
import { arnQueues } from './sidepanel/fixtures';

const pwpush = installFakePwpush();
const { auditLog } = pwpush;

const RLO = '\u202E';
const FSI = '\u2068';
const PDI = '\u2069';

/** The element that holds exactly `text` is an isolate of its own. */
function expectIsolated(text: string) {
  const element = screen.getByText(text, { exact: true, normalizer: (value) => value });
  const isolate = element.closest('bdi');
  expect(isolate, `"${text}" is not inside a <bdi>`).not.toBeNull();
  expect(isolate!.textContent).toBe(text);
}

beforeEach(() => {
  vi.resetAllMocks();
  answerListsEmpty();
});

describe('the pushes page', () => {
  it("isolates a push's name and note, and the audit log's IP, user agent, referrer and unknown kinds", async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'bidi1', name: `Router ${RLO}FastTrack`, note: `note ${RLO}45 min` })]);
    auditLog.mockResolvedValue(
      ok(
        makePage([
          audit('view', { ip: `198.51.100.2${RLO}`, userAgent: `curl${RLO}/8`, referrer: `https://x.example/${RLO}` }),
          audit(`tele${RLO}port`),
        ]),
      ),
    );
    render(<PushesApp />);
    await screen.findByText(`Router ${RLO}FastTrack`);
    expectIsolated(`Router ${RLO}FastTrack`);
    expectIsolated(`note ${RLO}45 min`);

    const row = screen.getByText(`Router ${RLO}FastTrack`).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Audit log' }));
    const heading = await screen.findByRole('heading', { name: /^Audit log of/ });
    expect(heading.textContent).toBe(`Audit log of “${FSI}Router ${RLO}FastTrack${PDI}”`);
    await waitFor(() => expectIsolated(`curl${RLO}/8`));
    expectIsolated(`198.51.100.2${RLO}`);
    expectIsolated(`https://x.example/${RLO}`);
    expectIsolated(`tele${RLO}port`);
  });
});

describe('the side panel', () => {
  it("isolates a queue's name and its terminal, and the map link's name", () => {
    const queues = arnQueues().map((queue, index) =>
      index === 0 ? { ...queue, name: `Security 0 minute ${RLO}FastTrack`, terminal: `T2${RLO}` } : queue,
    );
    render(
      <WaitTimeBoard
        checkpoints={queues.map(checkpointOfQueue)}
        time={{ measuredAt: queues[0]!.measuredAt, timeZone: 'Europe/Stockholm', stepMinutes: 15 }}
        airportName="Arlanda"
        now={Date.now()}
        locale="en-GB"
      />,
    );
    expectIsolated(`Security 0 minute ${RLO}FastTrack`);
    expectIsolated(`T2${RLO}`);
    const row = screen.getByText(`Security 0 minute ${RLO}FastTrack`).closest('li') as HTMLElement;
    expect(within(row).getByRole('link').getAttribute('aria-label')).toContain(`${FSI}Security 0 minute ${RLO}FastTrack${PDI}`);
  });
});

describe('the popup and the settings page', () => {
  it("isolates a retrieved file's name", () => {
    const url = 'https://pwpush.example/pfb/blobs/redirect/f1/report.pdf';
    render(
      <FileLinks files={[{ filename: `report${RLO}fdp.exe`, contentType: 'application/pdf', url }]} instanceUrl="https://pwpush.example" />,
    );
    expectIsolated(`report${RLO}fdp.exe`);
  });

  it('isolates what the instance said about itself', () => {
    const info = {
      applicationVersion: `2.11.4${RLO}`,
      apiVersion: `2.1${RLO}`,
      edition: `pro${RLO}`,
      features: { pushesEnabled: true, anonymousAccess: true, fileAttachments: { enabled: true } },
    } as VersionInfo;
    render(<InstanceReport origin="https://pw.example" info={info} token={{ kind: 'none' }} checkedAt={Date.now()} />);
    expectIsolated(`2.11.4${RLO}`);
    expectIsolated(`2.1${RLO}`);
    expectIsolated(`pro${RLO}`);
  });
});
