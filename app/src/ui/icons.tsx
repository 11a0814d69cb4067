// Inline SVG icons: no icon font or sprite request. Decorative: the control carries the name.

/** `directional`: the icon points a way (into the app, forward), so right-to-left pages mirror it. */
function Svg({ d, directional = false }: { d: string; directional?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" className={directional ? "icon-directional" : undefined}>
      <path d={d} fill="currentColor" />
    </svg>
  );
}

export const MenuIcon = () => <Svg d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />;
export const CloseIcon = () => <Svg d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />;
export const CartIcon = () => (
  <Svg d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM1 2v2h2l3.6 7.59-1.35 2.45A2 2 0 0 0 7 17h12v-2H7.42l1.1-2h7.45a2 2 0 0 0 1.75-1.03l3.58-6.49A1 1 0 0 0 20 4H5.21l-.94-2zm16 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4z" />
);
export const SearchIcon = () => (
  <Svg d="M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16a6.47 6.47 0 0 0 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z" />
);
export const LoginIcon = () => (
  <Svg directional d="M11 7 9.6 8.4l2.6 2.6H2v2h10.2l-2.6 2.6L11 17l5-5zm9 12h-8v2h8a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2h-8v2h8z" />
);
/** The app's mark: a basket (the top bar's link home on pages with their own title). */
export const LogoIcon = () => (
  <Svg d="M5.5 9 9.7 3.4l1.6 1.2L8 9h8l-3.3-4.4 1.6-1.2L18.5 9H22v2h-1.2l-1.6 8.3A2 2 0 0 1 17.2 21H6.8a2 2 0 0 1-2-1.7L3.2 11H2V9zm2.5 4v5h2v-5zm3 0v5h2v-5zm3 0v5h2v-5z" />
);
