/** The site's colours (web/src/styles.css @theme): navy ink, gold accent, warm paper. */
export const BRAND = {
  ink950: '#070f20',
  ink900: '#0b1730',
  ink800: '#13264a',
  ink700: '#1c3461',
  ink600: '#2a4680',
  gold300: '#e3c567',
  gold400: '#d6b445',
  gold500: '#c9a227',
  gold600: '#a8861c',
  paper: '#f6f4ee',
} as const;

/** PNG encoding used for every rendered image (and by the benchmark's bare sharp peer). */
export const PNG_OPTIONS = { compressionLevel: 6, adaptiveFiltering: false } as const;
