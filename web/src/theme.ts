/** Light and dark themes: the system's choice until the person picks one (kept in localStorage). */
export type Theme = 'light' | 'dark';
const KEY = 'report-service-theme';

export function initialTheme(): Theme {
  const saved = localStorage.getItem(KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme, remember = false): void {
  document.documentElement.dataset.theme = theme;
  if (remember) localStorage.setItem(KEY, theme);
}
