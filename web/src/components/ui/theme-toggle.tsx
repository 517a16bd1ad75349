import { useTheme } from "@/lib/theme";

/** Labelled with the theme a click switches to. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === "dark" ? "☀️ Light" : "🌙 Dark";
  return (
    <button type="button" className="btn btn-ghost theme-toggle" title="Toggle theme" onClick={toggleTheme}>
      {label}
    </button>
  );
}
