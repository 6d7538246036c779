/** Chart colours per theme (SVG attributes cannot read our CSS variables). Both sets pass AA on their surface. */
export interface ChartTheme {
  text: string;
  grid: string;
  tooltipBg: string;
  tooltipBorder: string;
  palette: string[];
}

export function chartTheme(darkMode: boolean): ChartTheme {
  return darkMode
    ? {
        text: '#a3afc2',
        grid: '#2b3850',
        tooltipBg: '#131c2e',
        tooltipBorder: '#2b3850',
        palette: ['#22d3ee', '#fbbf24', '#f472b6', '#a78bfa', '#4ade80', '#fb923c', '#60a5fa', '#f87171'],
      }
    : {
        text: '#57534e',
        grid: '#ddd6c8',
        tooltipBg: '#ffffff',
        tooltipBorder: '#ddd6c8',
        palette: ['#0e7490', '#b45309', '#be185d', '#6d28d9', '#15803d', '#c2410c', '#1d4ed8', '#b91c1c'],
      };
}
