import { createRoot } from "react-dom/client";
import "uplot/dist/uPlot.min.css";
import "./styles.css";
import { App } from "./App.tsx";

createRoot(document.getElementById("root") as HTMLElement).render(<App />);
