import { useEffect, useMemo, useState } from 'preact/hooks';
import { airportLabel, isStale } from '@/lib/airport/board';
import { toggleFavouriteAirport } from '@/lib/wait-times/usage';
import { displayLocale, t } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import { myFlight } from '@/lib/settings/airport';
import { openingAirport } from '@/lib/wait-times/panel-settings';
import { readPanelStart, type PanelStart } from '@/lib/wait-times/panel-start';
import { snapshotOf, writePaintSnapshot } from '@/lib/wait-times/snapshot';
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
import { PanelNote } from './PanelNote';
import { useAirportList } from './useAirportList';
import { useNow } from './useNow';
import { usePaintSnapshot } from './usePaintSnapshot';
import { usePanelSettings } from './usePanelSettings';
import { useWaitBoard } from './useWaitBoard';
import { WaitTimeBoard } from './WaitTimeBoard';

export interface SidePanelAppProps {
  /** The start drawn from the paint snapshot (lib/wait-times/snapshot.ts), before any read; null without one. */
  snapshot?: PanelStart | null;
  /** The read of the settings and the saved data, started as the page's script began; by default started here. */
  reading?: Promise<PanelStart>;
}

/**
 * The side panel "Airport security wait times": drawn at once from the paint snapshot when there is
 * one, then from the read of the settings and IndexedDB, then from the network, each an ordinary
 * state change. Nothing is sent before the read has arrived.
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
  const iata = settings.configured ? (chosen ?? openingAirport(settings)) : null;
  const airports = useAirportList(settings.connectionVersion, settings.configured && settled, start.airportList);
  const saved = useMemo(() => (start.iata ? { iata: start.iata, board: start.board } : null), [start]);
  const flight = settings.flight && settings.flight.iata === iata ? settings.flight : null;
  const wait = useWaitBoard(iata, settings.intervalMs, settings.connectionVersion, saved, flight, settled);
  // The flight's checkpoints are shown first; the rest of the airport below them.
  const flightIds = new Set(wait.flightBoard?.queues.map((queue) => queue.id) ?? []);
  const rest = wait.board ? wait.board.queues.filter((queue) => !flightIds.has(queue.id)) : [];
  // "Leave by" needs the departure time and the queues answered for this very flight and date.
  const flightQueues = wait.flightBoard;
  const departs =
    flightQueues && !flightQueues.error && flight?.flight === flightQueues.flight.flight && flight.date === flightQueues.flight.date
      ? flight.departs
      : undefined;

  const leaving =
    flight && flightQueues && departs
      ? { flight: { ...flight, departs }, board: flightQueues, buffers: settings.buffers, now, locale: lang }
      : null;
  // One age and one stale styling for the flight's box and the board (./MeasuredLine.tsx).
  const flightShown = wait.flightBoard && !wait.flightBoard.error ? wait.flightBoard : null;
  const boardStale = wait.outdated || (wait.board !== null && isStale(wait.board.measuredAt, now));
  const flightStale = flightShown !== null && (wait.outdated || isStale(flightShown.measuredAt, now));

  const nameOf = (code: string): string => {
    const airport = airports.find((candidate) => candidate.iata === code);
    return airport ? airportLabel(airport, lang) : code;
  };
  const unsupported = wait.problem?.kind === 'airport' && wait.problem.error.kind === 'unsupported-airport';
  const titleOf = (code: string): string => (nameOf(code) === code ? code : t('sidepanelAirportTitle', serverText(nameOf(code)), code));
  usePaintSnapshot(settings, iata, wait.board, airports, lang, settled);

  return (
    <>
      {!settings.configured && <PanelNote tone="warn" message={t('airportErrorMissingKey')} openOptions />}
      {settings.configured && (
        <>
          <AirportPicker current={iata} airports={airports} lang={lang} onChoose={setChosen} />
          <AirportShortcuts
            favourites={settings.favourites}
            recents={settings.recents}
            current={iata}
            nameOf={nameOf}
            onChoose={setChosen}
          />
          {iata ? (
            <section class="airport-board" aria-labelledby="board-heading">
              <div class="board-header">
                <h2 id="board-heading">{titleOf(iata)}</h2>
                {/* An airport without wait-time data has nothing to refresh or to keep as a favourite. */}
                {!unsupported && (
                  <BoardToolbar
                    refresh={wait.refresh}
                    now={now}
                    favourite={settings.favourites.includes(iata)}
                    canFavourite={wait.board !== null || settings.favourites.includes(iata)}
                    onRefresh={wait.refreshNow}
                    onToggleFavourite={() => void toggleFavouriteAirport(iata)}
                  />
                )}
              </div>
              {!unsupported && (
                <MyFlight
                  iata={iata}
                  current={flight}
                  now={now}
                  locale={lang}
                  onChoose={(chosenFlight) => void myFlight.setValue(chosenFlight)}
                  onForget={() => void myFlight.setValue(null)}
                >
                  {leaving && <LeaveByBasis {...leaving} />}
                </MyFlight>
              )}
              {leaving && !unsupported && <LeaveBy {...leaving} basis={false} />}
              {wait.problem && (
                <BoardProblemNote
                  problem={wait.problem}
                  airportTitle={titleOf(iata)}
                  refresh={wait.refresh}
                  oldDataFrom={wait.board?.fetchedAt ?? null}
                  now={now}
                  locale={lang}
                />
              )}
              {wait.usedSecondaryKey && !wait.problem && <SecondaryKeyNote />}
              {(wait.board || flightShown) && !unsupported && (
                <MeasuredLine
                  measuredAt={wait.board?.measuredAt ?? flightShown?.measuredAt ?? null}
                  flight={
                    wait.board && flightShown
                      ? { flight: flightShown.flight.flight, measuredAt: flightShown.measuredAt, stale: flightStale }
                      : null
                  }
                  stale={wait.board ? boardStale : flightStale}
                  failed={wait.outdated}
                  now={now}
                  locale={lang}
                />
              )}
              {wait.flightBoard && !unsupported && (
                <FlightBoard board={wait.flightBoard} airportTitle={titleOf(iata)} stale={flightStale} locale={lang} />
              )}
              {wait.board && (rest.length > 0 || flightIds.size === 0) && (
                <WaitTimeBoard
                  queues={rest}
                  measuredAt={wait.board.measuredAt}
                  airportName={nameOf(iata)}
                  now={now}
                  locale={lang}
                  outdated={boardStale}
                  measuredLine={false}
                  activeStations={wait.board.activeStations == null ? null : wait.board.activeStations - flightIds.size}
                />
              )}
              {!wait.board && !wait.problem && wait.refresh.running && <p class="hint">{t('sidepanelLoading')}</p>}
            </section>
          ) : (
            <p class="hint">{t('sidepanelChooseAirport')}</p>
          )}
          {start.calls !== null && <CallsCounter locale={lang} initialCalls={start.calls} />}
        </>
      )}
    </>
  );
}
