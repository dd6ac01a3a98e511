import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Checkpoint } from '@/lib/airport/airport-board';
import { airportLabel, isStale } from '@/lib/airport/board';
import { airportTimeZone, SOURCES } from '@/lib/airport/sources/catalog';
import { toggleFavouriteAirport } from '@/lib/wait-times/usage';
import { displayLocale, t } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import { myFlight } from '@/lib/settings/airport';
import { airportTimeText, type BoardTime } from '@/lib/wait-times/format';
import { openingAirport } from '@/lib/wait-times/panel-settings';
import { readPanelStart, type PanelStart } from '@/lib/wait-times/panel-start';
import { sourceOf } from '@/lib/wait-times/route';
import { snapshotOf, writePaintSnapshot } from '@/lib/wait-times/snapshot';
import { sourceName } from '@/lib/wait-times/source-words';
import { airportName } from '@/lib/wait-times/airport-names';
import { AirportPicker } from './AirportPicker';
import { AirportShortcuts } from './AirportShortcuts';
import { BoardProblemNote, SecondaryKeyNote } from './BoardProblemNote';
import { BoardToolbar } from './BoardToolbar';
import { CallsCounter } from './CallsCounter';
import { FlightBoard } from './FlightBoard';
import { LeaveBy, LeaveByBasis } from './LeaveBy';
import { MeasuredLine } from './MeasuredLine';
import { MyFlight } from './MyFlight';
import { PanelAnnouncer } from './PanelAnnouncer';
import { panelFlight } from './panel-flight';
import { SourceLine } from './SourceLine';
import { useAirportList } from './useAirportList';
import { useCallsThisMonth } from './useCallsThisMonth';
import { usePanelFocus } from './usePanelFocus';
import { useQueueWatch } from './useQueueWatch';
import { type ExtrasContext, FlightExtras, RowExtras } from './QueueExtras';
import { flightWatchInput } from './flight-watch';
import { WatchList } from './WatchList';
import { useNow } from './useNow';
import { usePaintSnapshot } from './usePaintSnapshot';
import { usePanelSettings } from './usePanelSettings';
import { useWaitBoard } from './useWaitBoard';
import { boardTimeIso, WaitTimeBoard } from './WaitTimeBoard';

export interface SidePanelAppProps {
  /** The start drawn from the paint snapshot (lib/wait-times/snapshot.ts), before any read; null without one. */
  snapshot?: PanelStart | null;
  /** The read of the settings and the saved data, started as the page's script began; by default started here. */
  reading?: Promise<PanelStart>;
}

/**
 * The side panel "Airport security wait times", for every airport Pushgate has a source for:
 * drawn at once from the paint snapshot when there is one, then from the read of the settings and
 * IndexedDB, then from the network, each an ordinary state change. Nothing is sent before the read
 * has arrived, and nothing is asked for before an airport is shown.
 */
export function SidePanelApp({ snapshot = null, reading }: SidePanelAppProps) {
  const [start, setStart] = useState<PanelStart | null>(snapshot);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let alive = true;
    void (reading ?? readPanelStart()).then((read) => {
      // What the next opening draws first: the read's board, or none when it has none to draw.
      writePaintSnapshot(snapshotOf({ ...read, airports: read.airportList?.airports ?? null }, displayLocale()));
      if (!alive) return;
      setStart(read);
      setSettled(true);
    });
    return () => {
      alive = false;
    };
  }, [reading]);
  return (
    <main class="sidepanel" aria-busy={!settled}>
      <h1>{t('sidepanelTitle')}</h1>
      <PanelAnnouncer />
      {start && <PanelContent start={start} settled={settled} />}
    </main>
  );
}

/** `settled`: `start` is the read's, not the snapshot's; only then does anything reach the network or the snapshot. */
function PanelContent({ start, settled }: { start: PanelStart; settled: boolean }) {
  const settings = usePanelSettings(start.settings);
  const lang = useMemo(() => displayLocale(), []);
  const now = useNow();
  const [chosen, setChosen] = useState<string | null>(null);
  // A watch's notification may have opened the panel at its airport (./usePanelFocus.ts).
  const iata = chosen ?? start.focus?.iata ?? openingAirport(settings);
  usePanelFocus(start.focus, settled, setChosen);
  const list = useAirportList(settings.connectionVersion, settled, start.airportList);
  const saved = useMemo(() => (start.iata ? { iata: start.iata, board: start.board } : null), [start]);
  const flight = settings.flight && settings.flight.iata === iata ? settings.flight : null;
  const wait = useWaitBoard(iata, settings.intervalMs, settings.connectionVersion, saved, flight, settled, settings.swedaviaKey);
  const shown = wait.board?.board ?? null;
  // The board's own source and clock once there is one; before, what the settings say it will be.
  const source = shown?.source ?? (iata ? sourceOf(iata, settings.swedaviaKey) : null);
  const timeZone = shown?.timeZone ?? airportTimeZone(iata ?? 'ARN');
  const stepMinutes = SOURCES[source ?? 'swedavia-api'].stepMinutes;
  // Whose requests are counted below: the board's source, or before any, the quota of a saved key.
  const counted = source ?? (settings.swedaviaKey ? 'swedavia-api' : null);
  const timeOf = (measuredAt: string | null, fetchedAt?: number): BoardTime => ({ measuredAt, fetchedAt, timeZone, stepMinutes });
  const mine = panelFlight(source, flight, wait.board, wait.flightBoard);
  const rest = shown ? shown.checkpoints.filter((checkpoint) => !mine.sectionIds.has(checkpoint.id)) : [];
  const leaving = mine.leaving && { ...mine.leaving, stepMinutes, timeZone, buffers: settings.buffers, now, locale: lang };
  const queue = useQueueWatch({
    iata,
    source,
    timeZone,
    settled,
    now,
    boardFetchedAt: wait.board?.fetchedAt ?? null,
    securityAt: (leaving && flightWatchInput(leaving)?.securityAt) ?? null,
  });
  const calls = useCallsThisMonth(start.calls ?? undefined);
  const extras: ExtrasContext | null =
    iata && source
      ? { queue, iata, source, timeZone, now, fetchedAt: wait.board?.fetchedAt ?? null, apiCalls: calls.api, locale: lang }
      : null;
  const rowExtras = extras && ((checkpoint: Checkpoint) => <RowExtras checkpoint={checkpoint} context={extras} />);
  // One age and one stale styling for the flight's box and the board (./MeasuredLine.tsx).
  const boardTime = wait.board && shown ? timeOf(shown.measuredAt, wait.board.fetchedAt) : null;
  const flightTime = mine.section && !mine.section.error ? timeOf(mine.sectionMeasuredAt) : null;
  const boardStale = wait.outdated || (boardTime !== null && isStale(boardTimeIso(boardTime), now, stepMinutes));
  const flightStale = flightTime !== null && (wait.outdated || isStale(flightTime.measuredAt, now, stepMinutes));

  const nameOf = (code: string): string => {
    const airport = list.airports.find((candidate) => candidate.iata === code);
    // An airport without a source is not suggested, but still has its name.
    return airport ? airportLabel(airport, lang) : (airportName(code) ?? code);
  };
  const problem = wait.problem;
  // An airport without wait-time data, or without a source, has nothing to refresh, keep as a favourite or ask a flight about.
  const nothingToShow = problem?.kind === 'no-source' || (problem?.kind === 'airport' && problem.error.kind === 'unsupported-airport');
  const titleOf = (code: string): string => (nameOf(code) === code ? code : t('sidepanelAirportTitle', serverText(nameOf(code)), code));
  usePaintSnapshot(settings, iata, wait.board, list.fromServer, lang, settled);
  const floorNote =
    source && source !== 'swedavia-api' && wait.refresh.notBefore !== null
      ? t('sidepanelRefreshFloor', sourceName(source), airportTimeText(wait.refresh.notBefore, now, timeZone, lang))
      : null;

  return (
    <>
      <AirportPicker current={iata} airports={list.airports} lang={lang} onChoose={setChosen} />
      <AirportShortcuts favourites={settings.favourites} recents={settings.recents} current={iata} nameOf={nameOf} onChoose={setChosen} />
      {iata ? (
        <section class="airport-board" aria-labelledby="board-heading" data-board-iata={shown?.iata}>
          <div class="board-header">
            <h2 id="board-heading">{titleOf(iata)}</h2>
            {!nothingToShow && (
              <BoardToolbar
                refresh={wait.refresh}
                now={now}
                favourite={settings.favourites.includes(iata)}
                canFavourite={wait.board !== null || settings.favourites.includes(iata)}
                floorNote={floorNote}
                onRefresh={wait.refreshNow}
                onToggleFavourite={() => void toggleFavouriteAirport(iata)}
              />
            )}
          </div>
          {!nothingToShow && (
            <MyFlight
              iata={iata}
              current={flight}
              now={now}
              locale={lang}
              timeZone={timeZone}
              mode={mine.mode}
              onChoose={(chosenFlight) => void myFlight.setValue(chosenFlight)}
              onForget={() => void myFlight.setValue(null)}
            >
              {leaving && <LeaveByBasis {...leaving} />}
            </MyFlight>
          )}
          {leaving && !nothingToShow && <LeaveBy {...leaving} showBasis={false} />}
          {leaving && extras && !nothingToShow && <FlightExtras context={extras} leaving={leaving} buffers={settings.buffers} />}
          {problem && (
            <BoardProblemNote
              problem={problem}
              airportTitle={titleOf(iata)}
              timeZone={timeZone}
              refresh={wait.refresh}
              oldDataFrom={wait.board?.fetchedAt ?? null}
              now={now}
              locale={lang}
              onAllow={wait.allowAccess}
            />
          )}
          {wait.usedSecondaryKey && !problem && <SecondaryKeyNote />}
          {(boardTime || flightTime) && !nothingToShow && (
            <MeasuredLine
              time={boardTime ?? flightTime}
              flight={
                boardTime && flightTime && mine.section
                  ? { flight: mine.section.flight.flight, time: flightTime, stale: flightStale }
                  : null
              }
              stale={boardTime ? boardStale : flightStale}
              failed={wait.outdated}
              now={now}
              locale={lang}
            />
          )}
          {mine.section && !nothingToShow && (
            <FlightBoard board={mine.section} airportTitle={titleOf(iata)} stale={flightStale} locale={lang} extras={rowExtras} />
          )}
          {wait.board && shown && (rest.length > 0 || mine.sectionIds.size === 0) && (
            <WaitTimeBoard
              checkpoints={rest}
              time={boardTime!}
              airportName={nameOf(iata)}
              now={now}
              locale={lang}
              outdated={boardStale}
              measuredLine={false}
              activeStations={shown.activeStations == null ? null : shown.activeStations - mine.sectionIds.size}
              extras={rowExtras}
            />
          )}
          {shown && !nothingToShow && <SourceLine board={shown} />}
          {!wait.board && !problem && wait.refresh.running && <p class="hint">{t('sidepanelLoading')}</p>}
        </section>
      ) : (
        <p class="hint">{t('sidepanelChooseAirport')}</p>
      )}
      <WatchList
        watches={queue.watches}
        ended={queue.ended}
        state={queue.state}
        now={now}
        locale={lang}
        onStop={queue.stop}
        onDismiss={queue.dismiss}
      />
      {start.calls !== null && counted && <CallsCounter source={counted} locale={lang} initialCalls={start.calls} />}
    </>
  );
}
