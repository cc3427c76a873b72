import { json } from "@remix-run/node";
import { StandaloneErrorPage } from "~/components/ErrorPage";

/** Any unknown path: status 404 and the 404 page. */
export async function loader() {
  throw json({ message: undefined }, { status: 404 });
}

export async function action() {
  throw json({ message: undefined }, { status: 404 });
}

export default function NotFound() {
  return <StandaloneErrorPage status={404} />;
}

export function ErrorBoundary() {
  return <StandaloneErrorPage status={404} />;
}
