import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { airportLabel } from '@/lib/airport/board';
import { toggleFavouriteAirport } from '@/lib/wait-times/usage';
import { t } from '@/lib/i18n';
import { myFlight } from '@/lib/settings/airport';
import { AirportPicker } from './AirportPicker';
import { AirportShortcuts } from './AirportShortcuts';
import { BoardToolbar } from './BoardToolbar';
import { FlightForm } from './FlightForm';
import { BoardProblemNote, FlightBoard, preloadLateParts, SecondaryKeyNote } from './late-parts';
import { CallsCounter } from './CallsCounter';
import { PanelAnnouncer } from './PanelAnnouncer';
import { PanelNote } from './PanelNote';
import { takeArrivedPanelStart, takePanelStart, type PanelStart } from '../../lib/wait-times/panel-start';
import { useAirportList } from './useAirportList';
import { useNow } from './useNow';
import { openingAirport } from '../../lib/wait-times/panel-settings';
import { usePaintSnapshot } from './usePaintSnapshot';
import { usePanelSettings } from './usePanelSettings';
import { useWaitBoard } from './useWaitBoard';
import { WaitTimeBoard } from './WaitTimeBoard';

/**
 * The side panel "Airport security wait times" (its styles come with the page:
 * entrypoints/sidepanel/style.css, before the first paint): its heading at once, the rest when the settings
 * and the saved data are read (./panel-start), in one render, before any request is sent; all in
 * the first render when the read has already arrived.
 */
export function SidePanelApp() {
  // Usually the read started by entrypoints/sidepanel/main.ts has arrived while this code loaded:
  // then the first render is the whole panel with its saved board.
  const [start, setStart] = useState<PanelStart | null>(takeArrivedPanelStart);
  // A layout effect runs right after the first render: the read's answer is not held back a frame.
  useLayoutEffect(() => {
    if (start) return undefined;
    let alive = true;
    void takePanelStart().then((read) => alive && setStart(read));
    return () => {
      alive = false;
    };
  }, []);
  return (
    <main class="sidepanel" aria-busy={!start}>
      <h1>{t('sidepanelTitle')}</h1>
      <PanelAnnouncer />
      {start && <PanelContent start={start} />}
    </main>
  );
}

function PanelContent({ start }: { start: PanelStart }) {
  const settings = usePanelSettings(start.settings);
  const lang = useMemo(() => browser.i18n.getUILanguage(), []);
  const now = useNow();
  const [chosen, setChosen] = useState<string | null>(null);
  const iata = settings.configured ? (chosen ?? openingAirport(settings)) : null;
  const airports = useAirportList(settings.connectionVersion, settings.configured, start.airportList);
  const saved = start.iata ? { iata: start.iata, board: start.board } : null;
  const flight = settings.flight && settings.flight.iata === iata ? settings.flight : null;
  const wait = useWaitBoard(iata, settings.intervalMs, settings.connectionVersion, saved, flight);
  // The flight's checkpoints are shown first; the rest of the airport below them.
  const flightIds = new Set(wait.flightBoard?.queues.map((queue) => queue.id) ?? []);
  const rest = wait.board ? wait.board.queues.filter((queue) => !flightIds.has(queue.id)) : [];

  const nameOf = (code: string): string => {
    const airport = airports.find((candidate) => candidate.iata === code);
    return airport ? airportLabel(airport, lang) : code;
  };
  const unsupported = wait.problem?.kind === 'airport' && wait.problem.error.kind === 'unsupported-airport';
  const titleOf = (code: string): string => (nameOf(code) === code ? code : t('sidepanelAirportTitle', nameOf(code), code));
  useEffect(preloadLateParts, []);
  usePaintSnapshot(settings, iata, wait.board, airports, lang);

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
                <FlightForm
                  iata={iata}
                  current={flight}
                  now={now}
                  onChoose={(chosenFlight) => void myFlight.setValue(chosenFlight)}
                  onForget={() => void myFlight.setValue(null)}
                />
              )}
              {wait.problem && (
                <BoardProblemNote
                  problem={wait.problem}
                  airportTitle={titleOf(iata)}
                  refresh={wait.refresh}
                  showingOldData={wait.board !== null}
                  now={now}
                  locale={lang}
                />
              )}
              {wait.usedSecondaryKey && !wait.problem && <SecondaryKeyNote />}
              {wait.flightBoard && !unsupported && (
                <FlightBoard board={wait.flightBoard} airportTitle={titleOf(iata)} now={now} locale={lang} />
              )}
              {wait.board && (rest.length > 0 || flightIds.size === 0) && (
                <WaitTimeBoard
                  queues={rest}
                  measuredAt={wait.board.measuredAt}
                  airportName={nameOf(iata)}
                  now={now}
                  locale={lang}
                  outdated={wait.outdated}
                  activeStations={wait.board.activeStations == null ? null : wait.board.activeStations - flightIds.size}
                />
              )}
              {!wait.board && !wait.problem && wait.refresh.running && <p class="hint">{t('sidepanelLoading')}</p>}
            </section>
          ) : (
            <p class="hint">{t('sidepanelChooseAirport')}</p>
          )}
          <CallsCounter locale={lang} initialCalls={start.calls} />
        </>
      )}
    </>
  );
}
