import { CheckIcon } from "./check-icon";

/** Points as a list with a tick before each. */
export function CheckList({ points, className = "" }: { points: string[]; className?: string }) {
  return (
    <ul className={`space-y-4 ${className}`}>
      {points.map((point) => (
        <li key={point} className="flex gap-3">
          <CheckIcon className="mt-0.5 size-5 text-teal" />
          <span className="leading-relaxed">{point}</span>
        </li>
      ))}
    </ul>
  );
}
