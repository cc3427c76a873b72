import { json } from "@remix-run/node";
import { ErrorPage } from "~/components/ErrorPage";

/** Any unknown path: status 404 and the 404 page. */
export async function loader() {
  throw json({ message: undefined }, { status: 404 });
}

export async function action() {
  throw json({ message: undefined }, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
