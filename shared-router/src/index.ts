// The routing API of every app: the part of react-router-dom (the design card's router package;
// v7 re-exports react-router) Cadence uses, and nothing else. This module, not the router package,
// is the federation singleton (tooling/mf-shared.mjs): a shared module is provided whole, so
// sharing the router itself shipped all of it (~60 KB gzip incl. its server-only code) on every page. Re-exporting only these names lets Rspack tree-shake
// react-router inside this one shared chunk, while the shell and every remote still run one
// router context. Need another export? Add it here.
export { BrowserRouter, Link, NavLink, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
