/**
 * The few icons drawn on every page (navbar, theme toggle, error screen), as plain SVG components in
 * the first-paint bundle. Shapes from Feather (MIT). The screens' other icons are in screen-icons.tsx,
 * out of that bundle.
 */
import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** An outline icon on Feather's 24-unit grid, drawn in the text colour. */
export function feather(children: ReactNode) {
  return function Icon(props: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        width="1em"
        height="1em"
        {...props}
      >
        {children}
      </svg>
    );
  };
}

export const MenuIcon = feather(<path d="M3 12h18M3 6h18M3 18h18" />);
export const CloseIcon = feather(<path d="M18 6 6 18M6 6l12 12" />);
export const LogOutIcon = feather(<path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />);
export const SunIcon = feather(
  <>
    <circle cx="12" cy="12" r="5" />
    <path d="M12 1v2M12 21v2M4.22 4.22l1.42 1.42M18.36 18.36l1.42 1.42M1 12h2M21 12h2M4.22 19.78l1.42-1.42M18.36 5.64l1.42-1.42" />
  </>,
);
export const MoonIcon = feather(<path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />);
export const HomeIcon = feather(<path d="m3 9 9-7 9 7v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM9 22V12h6v10" />);
export const RefreshIcon = feather(
  <path d="M23 4v6h-6M1 20v-6h6M3.51 9a9 9 0 0 1 14.85-3.36L23 10M1 14l4.64 4.36A9 9 0 0 0 20.49 15" />,
);
