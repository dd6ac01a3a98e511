import type { SourceId } from '../airport/airport-board';
import { t } from '../i18n';

/** Who publishes a source's figures, in words: "Copenhagen Airport's website" (docs/airport-sources.md#sources). */
export function sourceName(source: SourceId): string {
  switch (source) {
    case 'swedavia-api':
      return t('airportSourceSwedaviaApi');
    case 'swedavia-web':
      return t('airportSourceSwedaviaWeb');
    case 'cph':
      return t('airportSourceCph');
    case 'osl':
      return t('airportSourceOsl');
    case 'ams':
      return t('airportSourceAms');
    case 'fra':
      return t('airportSourceFra');
    case 'muc':
      return t('airportSourceMuc');
    case 'dus':
      return t('airportSourceDus');
    case 'dub':
      return t('airportSourceDub');
    case 'edi':
      return t('airportSourceEdi');
  }
}
