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

const shortLabel = (label: string) => (label.length > 14 ? `${label.slice(0, 13)}…` : label);

/** Themed props for recharts' pieces, spread onto them so every dashboard chart looks alike. */
export function chartStyles(darkMode: boolean) {
  const theme = chartTheme(darkMode);
  const axis = { stroke: theme.text, tick: { fill: theme.text, fontSize: 11 } };
  return {
    theme,
    tooltip: {
      contentStyle: {
        background: theme.tooltipBg,
        border: `1px solid ${theme.tooltipBorder}`,
        color: theme.text,
      },
      labelStyle: { color: theme.text },
      itemStyle: { color: theme.text },
    },
    /** An X axis of names: every one shown, shortened and slanted. */
    categoryAxis: {
      ...axis,
      interval: 0,
      tickFormatter: shortLabel,
      angle: -35,
      textAnchor: 'end',
      height: 72,
    } as const,
    /** A Y axis of whole counts. */
    countAxis: { ...axis, allowDecimals: false, width: 32 },
    grid: { stroke: theme.grid, strokeDasharray: '3 3' },
    legend: { wrapperStyle: { color: theme.text, fontSize: 12 } },
    barCursor: { fill: theme.grid, opacity: 0.4 },
  };
}
