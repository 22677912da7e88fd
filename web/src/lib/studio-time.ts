import { formatStudioDate, formatStudioDateTime, studioTimeZone } from '@shop/shared/domain/time';
import { usePublicConfig } from './public-config';

// Every time the admin reads is in the studio's own time zone, named after it, whatever the
// browser's zone: the shop's public configuration says which zone, else the studio's default.

export function useStudioTimeZone(): string {
  const config = usePublicConfig();
  return studioTimeZone(config.data as { studioTimeZone?: unknown } | undefined);
}

export function useStudioTime() {
  const zone = useStudioTimeZone();
  return {
    zone,
    dateTime: (iso: string) => formatStudioDateTime(iso, zone),
    date: (iso: string) => formatStudioDate(iso, zone),
  };
}
