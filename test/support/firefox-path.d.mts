export const FIREFOX_PATH: string;
