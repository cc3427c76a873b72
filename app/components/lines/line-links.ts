import mrtStyles from "mantine-react-table/styles.css";

/**
 * The line grid's stylesheet (mantine-react-table), for the `links` of pages with a line
 * editor. Only a URL here: the table's code itself is a lazy chunk (LineGrid.tsx).
 */
export function lineEditorLinks() {
  return [{ rel: "stylesheet", href: mrtStyles }];
}
