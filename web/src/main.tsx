import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/components.css";
import "./styles/public.css";

// Schemas validate without compiling code at run time: the page's CSP allows no eval. zod reads its settings from
// this global when it first loads (so copies of it share them); setting it here keeps zod itself out of the first
// load, since only the screens that parse answers need it.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
