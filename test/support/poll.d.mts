export function until<T>(check: () => T | Promise<T>, options?: { timeoutMs?: number; stepMs?: number }): Promise<T>;
