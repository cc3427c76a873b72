import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import css from "~/components/grid/grid.module.css";
import { Button } from "~/components/ui/mantine/Button";
import { Group } from "~/components/ui/mantine/Group";
import { Text } from "~/components/ui/mantine/Text";

/**
 * The foot of an administration form (用户, 公司): the form's own message after a refused
 * save, the submit button and, where there is one, the way back to the list.
 */
export function FormActions({
  errors,
  busy,
  testId,
  back,
  light,
  children,
}: {
  errors?: string[];
  busy: boolean;
  testId?: string;
  back?: string;
  light?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {errors?.length ? (
        <Text c="red" size="sm" mt="sm" role="alert">
          {errors[0]}
        </Text>
      ) : null}
      <Group mt="md">
        <Button type="submit" variant={light ? "light" : undefined} loading={busy} data-testid={testId}>
          {children}
        </Button>
        {back ? (
          <Link to={back} prefetch="none" className={css.btn}>
            返回列表
          </Link>
        ) : null}
      </Group>
    </>
  );
}
