export type PackageId = 'pushgate' | 'share' | 'airport';

export interface PackageSpec {
  id: PackageId;
  /** Sharing, managing and receiving pushes through Password Pusher, read receipts, lockdown, requests. */
  share: boolean;
  /** The side panel's airport wait times, My flight and its leave-by, watches. */
  airport: boolean;
  /** The catalogue keys (public/_locales) of the name and summary: shipped as `extName` and `extDescription`. */
  nameKey: string;
  descriptionKey: string;
  /**
   * The titles that name the package (the settings page's, the first run's), as the shared key they are
   * shipped under → the catalogue key of the package's own wording: a tab reads "Pushgate Airport settings",
   * not "Pushgate settings". Empty for the combined package, whose name the shared keys say.
   */
  ownMessages: Record<string, string>;
  /** WXT's entrypoints built into it. */
  entrypoints: string[];
  /** The start of its archives' names, `<artifact>-<version>-chrome.zip`, and its release folder's name. */
  artifact: string;
  /** WXT's output folder, `<browser>-mv3<outSuffix>`: each package beside the others in `.output/`. */
  outSuffix: string;
  /** Firefox's add-on id: three packages are three add-ons. */
  geckoId: string;
  /** Mozilla's data types it sends, all required: the Firefox manifest's `data_collection_permissions`, and Chrome's data-usage answers. */
  dataCollection: string[];
}

export const PACKAGES: Record<PackageId, PackageSpec>;
export const PACKAGE_IDS: PackageId[];
export function packageFromEnv(env?: Record<string, string | undefined>): PackageSpec;
export function textForPackage(spec: PackageSpec, source: string, name: string, file: string): string;
