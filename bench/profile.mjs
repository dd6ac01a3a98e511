// Where the popup's opening time goes: a Chromium trace with the V8 CPU profiler on (DevTools
// protocol `Tracing` over Playwright's browser CDP session) of the popup opened as a tab, from
// navigation start to interactive, for Pushgate and the official extension. The renderer main
// thread's trace events are split by self time into file loading and parsing, compiling, module
// evaluation, later JS (render, storage answers), style and layout, paint, GC; the CPU samples say
// which file's JavaScript ran; the probe (`?bench-profile`) times storage, tabs and i18n calls.
// Tracing slows everything down: the split is what matters here, not the sum.
import { sleep, waitForMarks } from './marks.mjs';
import { summarize } from './stats.mjs';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
  'toplevel',
  'blink',
  'disabled-by-default-v8.compile',
];

/** Trace event name → share of the opening it stands for. The first match wins. */
const GROUPS = [
  ['profiler start (tracing overhead)', /^CpuProfiler::/],
  [
    'file fetch (requests, responses, IPC)',
    /^(ResourceFetcher|ThrottlingURLLoader|URLLoader|Receive mojo message|SimpleWatcher|ResourceLoader|ResourceSendRequest|ResourceReceiveResponse|ResourceFinish)/,
  ],
  [
    'document and JS context set-up',
    /^(LocalWindowProxy::CreateContext|InstallConditionalFeatures|DocumentLoader::CommitNavigation|CommitLoad|RenderFrameImpl::)/,
  ],
  ['HTML parsing', /^(ParseHTML|DecodedDataDocumentParser::AppendBytes|Document::FinishedParsing)$/],
  ['JS compile (parse + bytecode)', /compile|Compile|parseOnBackground|produce(Module)?Cache|ScriptCompiler/],
  ['module evaluation (top-level code)', /^(v8\.evaluateModule|EvaluateScript|v8\.run)$/],
  [
    'JS after start (render, storage answers, microtasks)',
    /^(FunctionCall|v8\.callFunction|RunMicrotasks|TimerFire|EventDispatch|FireAnimationFrame|V8\.Execute|v8\.callModuleMethod)$/,
  ],
  ['style and layout', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|Layout|ScheduleStyleRecalculation|InvalidateLayout)$/],
  [
    'paint and composite',
    /^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|Decode Image|Rasterize|ImageDecodeTask)$/,
  ],
  ['garbage collection', /GC|gc/],
];

/**
 * Opens `path` of `ext` (its popup by default; its blank page for the floor) as a tab `rounds`
 * times under the tracer.
 * @returns per round `{ window, busy, idle, groups: {name: ms}, files: {file: ms}, calls: {api: {count, ms}}, timeline }`.
 */
export async function profilePopupOpening(bench, ext, { rounds, path = ext.popupPath }) {
  const cdp = await bench.browser.newBrowserCDPSession();
  const results = [];
  try {
    for (let round = 0; round < rounds + 1; round++) {
      const events = [];
      const collect = ({ value }) => events.push(...value);
      cdp.on('Tracing.dataCollected', collect);
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES } });
      const page = await ext.open(`${path}?bench-profile`, { viewport: { width: 380, height: 640 } });
      const marks = await waitForMarks((expression) => page.evaluate(expression), ['interactive']);
      await sleep(100);
      const probe = await page.evaluate(() => {
        const [nav] = performance.getEntriesByType('navigation');
        return {
          calls: window.__benchCalls ?? [],
          timeline: { responseEnd: nav.responseEnd, domInteractive: nav.domInteractive, domContentLoaded: nav.domContentLoadedEventEnd },
        };
      });
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      await page.close();
      // The first opening also compiles the code for the first time: left out, as in the bench.
      if (round > 0) results.push(analyse(events, marks, probe));
    }
  } finally {
    await cdp.detach();
  }
  return results;
}

function analyse(events, marks, probe) {
  const mark = events.find((e) => e.name === 'bench-interactive' && e.cat.includes('blink.user_timing'));
  if (!mark) throw new Error('profile: the bench-interactive mark is not in the trace');
  const end = mark.ts;
  const start = end - marks.interactive * 1000;
  const parse = events.find((e) => e.name === 'ParseHTML' && e.pid === mark.pid && e.ts >= start);
  const tid = parse?.tid ?? mark.tid;
  const main = events
    .filter((e) => e.pid === mark.pid && e.tid === tid && e.ph === 'X' && e.ts >= start && e.ts < end && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);

  // Self time: each event's duration less its children's (events nest on one thread).
  const groups = Object.fromEntries([...GROUPS.map(([name]) => [name, 0]), ['other main-thread work', 0]]);
  const stack = [];
  let busy = 0;
  const selfOf = new Map();
  for (const event of main) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= event.ts) stack.pop();
    const parent = stack.at(-1);
    const dur = Math.min(event.dur, end - event.ts);
    if (parent) selfOf.set(parent, selfOf.get(parent) - dur);
    else busy += dur;
    selfOf.set(event, dur);
    stack.push(event);
  }
  for (const [event, self] of selfOf) {
    const group = GROUPS.find(([, pattern]) => pattern.test(event.name))?.[0];
    // A RunTask and its like only wrap what runs in them: their own time is the scheduler's.
    groups[group ?? 'other main-thread work'] += Math.max(0, self) / 1000;
  }
  const window = (end - start) / 1000;
  const files = cpuTimeByFile(events, mark.pid, start, end);
  const calls = {};
  for (const call of probe.calls.filter((c) => c.start <= marks.interactive)) {
    calls[call.api] ??= { count: 0, ms: 0, firstStart: call.start, lastEnd: 0 };
    const entry = calls[call.api];
    entry.count++;
    entry.ms += (Number.isNaN(call.end) ? marks.interactive : call.end) - call.start;
    entry.lastEnd = Math.max(entry.lastEnd, Number.isNaN(call.end) ? marks.interactive : call.end);
  }
  return {
    window,
    busy: busy / 1000,
    idle: window - busy / 1000,
    groups,
    files,
    calls,
    timeline: { ...probe.timeline, firstRender: marks.firstRender, interactive: marks.interactive },
  };
}

/** V8 CPU samples of the page's process in the window, by the file of the function running (ms). */
function cpuTimeByFile(events, pid, start, end) {
  const byFile = {};
  const profiles = new Map();
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile') profiles.set(event.id, { time: event.args.data.startTime, nodes: new Map() });
    if (event.name !== 'ProfileChunk') continue;
    const profile = profiles.get(event.id);
    if (!profile) continue;
    const { cpuProfile = {}, timeDeltas = [] } = event.args.data;
    for (const node of cpuProfile.nodes ?? []) profile.nodes.set(node.id, node.callFrame);
    (cpuProfile.samples ?? []).forEach((nodeId, i) => {
      const before = profile.time;
      profile.time += timeDeltas[i] ?? 0;
      if (profile.time < start || profile.time > end) return;
      const frame = profile.nodes.get(nodeId);
      if (!frame || frame.functionName === '(idle)' || frame.functionName === '(root)') return;
      const file = frame.url ? frame.url.replace(/^chrome-extension:\/\/[^/]+\//, '') : frame.functionName || '(native)';
      byFile[file] = (byFile[file] ?? 0) + (profile.time - before) / 1000;
    });
  }
  return byFile;
}

const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '–');
const med = (values) => summarize(values.filter((v) => v !== undefined)).median;

/** The markdown section of bench/results.md: medians over the rounds, Pushgate beside the official extension. */
export function profileMarkdown(profiles, rounds) {
  const names = Object.keys(profiles);
  const column = (name, pick) => ms(med(profiles[name].map(pick)));
  const header = `| | ${names.join(' | ')} |\n|---|${names.map(() => '---:').join('|')}|`;
  const row = (label, pick) => `| ${label} | ${names.map((name) => column(name, pick)).join(' | ')} |`;
  const groupNames = Object.keys(profiles[names[0]][0].groups);
  const timeline = [
    ['document loaded (responseEnd)', (r) => r.timeline.responseEnd],
    ['HTML parsed (domInteractive)', (r) => r.timeline.domInteractive],
    ['scripts run (DOMContentLoaded end)', (r) => r.timeline.domContentLoaded],
    ['first render', (r) => r.timeline.firstRender],
    ['interactive', (r) => r.timeline.interactive],
  ];
  const apis = [...new Set(names.flatMap((name) => profiles[name].flatMap((r) => Object.keys(r.calls))))].sort();
  const callCell = (name, api) => {
    const entries = profiles[name].map((r) => r.calls[api]).filter(Boolean);
    if (!entries.length) return '–';
    return `${med(entries.map((e) => e.count))} × , ${ms(med(entries.map((e) => e.firstStart)))} → ${ms(med(entries.map((e) => e.lastEnd)))}`;
  };
  const topFiles = (name) => {
    const totals = {};
    for (const r of profiles[name])
      for (const [file, t] of Object.entries(r.files)) totals[file] = (totals[file] ?? 0) + t / profiles[name].length;
    return Object.entries(totals)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([file, t]) => `${file} ${t.toFixed(1)} ms`)
      .join('; ');
  };
  return `
## Where the popup's opening goes (profile)

Written by bench/profile.mjs: each page opened as a tab ${rounds} times (after one discarded opening) under a Chromium
trace with the V8 CPU profiler, from navigation start to interactive; medians. The blank page is the floor every
extension page pays (renderer, document and extension bindings set-up). Tracing and the call timers slow the page down,
so the sums are larger than in the table above: read the split, not the total.

Main thread of the popup's renderer, self time by kind of work (idle: the thread waits, for extension files from the
browser process or for storage, tabs and scripting answers):

${header}
${row('navigation → interactive (traced)', (r) => r.window)}
${row('idle (waiting for files and API answers)', (r) => r.idle)}
${groupNames.map((group) => row(group, (r) => r.groups[group])).join('\n')}

Milestones (ms since navigation start, traced):

${header}
${timeline.map(([label, pick]) => row(label, pick)).join('\n')}

Extension API calls before interactive (count, first call → last answer, ms since navigation start):

| | ${names.join(' | ')} |
|---|${names.map(() => '---:').join('|')}|
${apis.map((api) => `| ${api} | ${names.map((name) => callCell(name, api)).join(' | ')} |`).join('\n')}

JavaScript CPU time by file (V8 samples in the window, mean per opening; \`(program)\` is the engine's own work):

${names.map((name) => `- ${name}: ${topFiles(name)}`).join('\n')}
`;
}
