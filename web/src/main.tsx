import { StrictMode } from "react";
import { config as configureSchemas } from "zod";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import "./styles/theme.css";
import "./styles/base.css";
import "./styles/components.css";
import "./styles/public.css";

// Schemas validate without compiling code at run time: the page's CSP allows no eval.
configureSchemas({ jitless: true });

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
