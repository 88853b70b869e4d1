import type { ReactNode } from "react";
import type { Loadable } from "../../hooks/useLoad";

export interface SectionProps<T> {
  /** Heading text; also the section's accessible name. */
  readonly title: string;
  /** What the section shows: a spinner while loading, the error in words when it failed. */
  readonly load: Loadable<T>;
  /** Renders the loaded value. */
  readonly children: (value: T) => ReactNode;
  /**
   * Shown instead of an error when the service answers 404: the resource is not part of this service's
   * description, or the index has no data. @default undefined (404 shows as an error)
   */
  readonly notFoundText?: string;
  /** Controls shown next to the heading, e.g. a range picker. @default undefined */
  readonly actions?: ReactNode;
}
