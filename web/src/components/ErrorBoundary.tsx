// One view's failure stays in that view: a render error (an artifact whose body does not fit its kind, a
// field of the wrong type) shows a message naming the file and the problem instead of blanking the page.
import { Component, type ReactNode } from "react";

interface Props {
  /** What this part draws ("certify report", "reward curves"). */
  what: string;
  file?: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <p className="error view-error" data-testid="view-error" role="alert">
        {this.props.file ? `${this.props.file}: ` : ""}the {this.props.what} could not be drawn: {error.message}
      </p>
    );
  }
}

/** A message for a body that does not fit the view of its kind: the first missing or mistyped field. */
export function ShapeError({ file, what, problem }: { file: string; what: string; problem: string }) {
  return (
    <p className="error view-error" data-testid="view-error" role="alert">
      {file}: cannot show the {what}: {problem}
    </p>
  );
}
