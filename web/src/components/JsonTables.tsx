// Any result as readable tables, for the parts of an artifact without a dedicated view: an object becomes a
// key/value table (nested objects inside, a few levels deep), an array of objects becomes a table with one
// column per field (nested values as nested tables). Numbers keep 4 significant digits; below a few levels
// a value is shown as JSON, so nothing is dropped.
import { isObj } from "../format.ts";

const MAX_DEPTH = 3;
const MAX_ROWS = 200;

function scalar(v: unknown): string {
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : Number.isFinite(v) ? v.toPrecision(4) : String(v);
  if (v === null || v === undefined) return "—";
  if (Array.isArray(v) && v.every((x) => typeof x === "number")) return `[${v.map(scalar).join(", ")}]`;
  return typeof v === "string" ? v : JSON.stringify(v);
}

const isScalarish = (v: unknown) => !isObj(v) && !(Array.isArray(v) && v.some((x) => isObj(x) || Array.isArray(x)));

function ArrayTable({ rows, depth }: { rows: Record<string, unknown>[]; depth: number }) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <>
      <table className="json-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, MAX_ROWS).map((r, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c} className={typeof r[c] === "number" ? "num" : ""}>
                  {isScalarish(r[c]) ? scalar(r[c]) : <JsonTables value={r[c]} depth={depth + 1} />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > MAX_ROWS && (
        <p className="muted small">
          first {MAX_ROWS} of {rows.length} rows; the rest is in the raw JSON
        </p>
      )}
    </>
  );
}

export function JsonTables({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (Array.isArray(value) && value.length > 0 && value.every(isObj)) return <ArrayTable rows={value as Record<string, unknown>[]} depth={depth} />;
  if (!isObj(value) || depth >= MAX_DEPTH) return <span>{scalar(value)}</span>;
  return (
    <table className="json-table kv">
      <tbody>
        {Object.entries(value).map(([k, v]) => (
          <tr key={k}>
            <th>{k}</th>
            <td className={typeof v === "number" ? "num" : ""}>{isScalarish(v) ? scalar(v) : <JsonTables value={v} depth={depth + 1} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
