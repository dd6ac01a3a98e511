/**
 * Where the side panel's paint snapshot lives in the extension origin's localStorage (./snapshot.ts).
 * Apart, so the lockdown's wipe (lib/lockdown/wipe.ts) can remove it without bundling the snapshot's
 * airport code into the background.
 */
export const PAINT_SNAPSHOT_KEY = 'pushgate.sidepanelPaint';
