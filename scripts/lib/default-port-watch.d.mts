// Types for default-port-watch.mjs, for the test of the watch.
export interface DefaultPortWatch {
  asked: string[];
  taken: number[];
  close(): Promise<unknown>;
}
export declare function watchDefaultPorts(ports?: number[]): Promise<DefaultPortWatch>;
export declare function defaultPrefixKeys(redis: { keys(pattern: string): Promise<string[]> }): Promise<string[]>;
export declare function defaultAddressFindings(
  watch: Pick<DefaultPortWatch, 'asked' | 'taken'>,
  keysBefore: string[],
  keysAfter: string[],
): string[];
