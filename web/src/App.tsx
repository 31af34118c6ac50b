// The dashboard shell: hash routes (#/, #/run/FILE, #/samples/SOURCE, #/compare?a=&b=), so every view has a URL that
// can be shared or reloaded, and the server needs no route table.
import { useEffect, useState } from "react";
import { ErrorBoundary } from "./components/ErrorBoundary.tsx";
import { CompareView } from "./views/CompareView.tsx";
import { RunsView } from "./views/RunsView.tsx";
import { RunView } from "./views/RunView.tsx";
import { SamplesView } from "./views/SamplesView.tsx";

type Route = { view: "runs" } | { view: "run"; file: string } | { view: "samples"; source: string; params: URLSearchParams } | { view: "compare"; a: string; b: string };

function parseHash(hash: string): Route {
  const [path, search = ""] = hash.replace(/^#/, "").split("?");
  const [, view, ...rest] = path.split("/");
  const arg = decodeURIComponent(rest.join("/"));
  if (view === "run" && arg) return { view: "run", file: arg };
  if (view === "compare") {
    const q = new URLSearchParams(search);
    return { view: "compare", a: q.get("a") ?? "", b: q.get("b") ?? "" };
  }
  if (view === "samples") return { view: "samples", source: arg, params: new URLSearchParams(search) };
  return { view: "runs" };
}

export const runHref = (file: string) => `#/run/${encodeURIComponent(file)}`;
export const samplesHref = (source: string) => `#/samples/${encodeURIComponent(source)}`;

export function App() {
  const [route, setRoute] = useState<Route>(() => parseHash(location.hash));
  useEffect(() => {
    // The sample browser keeps its filters in the hash with replaceState, which fires no hashchange.
    const onHash = () => setRoute(parseHash(location.hash));
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  return (
    <div className="app">
      <header>
        <a className="brand" href="#/">
          foolsgold
        </a>
        <nav>
          <a href="#/" className={route.view === "runs" ? "active" : ""}>
            Runs
          </a>
          <a href="#/samples/" className={route.view === "samples" ? "active" : ""}>
            Samples
          </a>
          <a href="#/compare" className={route.view === "compare" ? "active" : ""}>
            Compare
          </a>
        </nav>
      </header>
      <main>
        {/* Keyed by the route: leaving a view that failed gives the next one a fresh boundary. */}
        <ErrorBoundary key={location.hash.split("?")[0]} what={`${route.view} view`} file={route.view === "run" ? route.file : route.view === "samples" ? route.source : undefined}>
          {route.view === "runs" && <RunsView />}
          {route.view === "run" && <RunView key={route.file} file={route.file} />}
          {route.view === "compare" && <CompareView a={route.a} b={route.b} />}
          {route.view === "samples" && <SamplesView key={route.source} source={route.source} initial={route.params} />}
        </ErrorBoundary>
      </main>
    </div>
  );
}
