import type { PricingTemplate } from "../../../workbook";

export interface ColumnPickerProps {
  /** The id of the picker's region, named by the button that opens it (aria-controls). */
  readonly id: string;
  /** The template in use: its offered columns start ticked, its panel and name are the picker's own. */
  readonly template: PricingTemplate;
  /** The picked columns made a template: it becomes the template in use. */
  readonly onApply: (template: PricingTemplate) => void;
  readonly onCancel: () => void;
}
