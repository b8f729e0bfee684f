/**
 * The shape of a text page (legal documents, lists): sections of paragraphs, bullet lists, tables and
 * notes. Content lives in data modules so wording changes never touch markup; everything is rendered
 * as text (no HTML from content).
 */

/** A paragraph, a bullet list, a table or a highlighted note. */
export type Block = string | { list: readonly string[] } | { table: { head: readonly string[]; rows: readonly (readonly string[])[] } } | { note: string };

export interface DocSection {
  /** Anchor id (`#id`). */
  id: string;
  title: string;
  blocks: readonly Block[];
}

export interface Doc {
  /** Page heading (also the document title). */
  title: string;
  /** Paragraph under the heading. */
  lead?: string;
  /** Show the privacy-policy update date from the server configuration (spec p2 §9). */
  dated?: boolean;
  sections: readonly DocSection[];
  /** Links to related pages at the end. */
  related?: readonly { to: string; label: string }[];
}
