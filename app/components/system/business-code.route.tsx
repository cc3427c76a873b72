import { Alert } from "~/components/ui/mantine/Alert";
import { Badge } from "~/components/ui/mantine/Badge";
import { Button } from "~/components/ui/mantine/Button";
import { Card } from "~/components/ui/mantine/Card";
import { Group } from "~/components/ui/mantine/Group";
import { NativeSelect } from "~/components/ui/mantine/NativeSelect";
import { Table } from "~/components/ui/mantine/Table";
import { Text } from "~/components/ui/mantine/Text";
import { TextInput } from "~/components/ui/mantine/TextInput";
import { Title } from "~/components/ui/mantine/Title";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DATE_PARTS, RESETS, SEQ_MAX, SEQ_MIN } from "#server/kernel/numbering.input";
import type { businessCodeLoader, businessCodeAction } from "./business-code.server";

/**
 * 业务编码 (/system/businessCode) and 编码规则 (/system/setting/code): the same page under two menu
 * entries, the numbering rule of every document type of the company, with the next number. Its
 * loader and action are in business-code.server.ts, which the browser build never loads.
 */
type Loaded = ReturnType<typeof businessCodeLoader>;
type Acted = ReturnType<typeof businessCodeAction>;

export function BusinessCodePage() {
  const { rules, canEdit } = useLoaderData<Loaded>();
  const failed = useActionData<Acted>();
  const nav = useNavigation();
  const busyDoc = nav.state === "submitting" ? String(nav.formData?.get("docType") ?? "") : "";
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb={4}>
        业务编码规则
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        单据编号 = 前缀 + 日期 +
        流水号，按公司和单据类型唯一，在单据保存的同一事务中取号。修改后从下一张单据起生效；若新规则生成的编号已被使用，会自动顺延到下一个未用的编号。
      </Text>
      {failed ? (
        <Alert color="red" mb="md" role="alert" data-testid="rule-error">
          {rules.find((r) => r.docType === failed.docType)?.label ?? ""}：{failed.message}
        </Alert>
      ) : null}
      <Table striped withTableBorder verticalSpacing={6} data-testid="business-code-rules">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">单据类型</Table.Th>
            <Table.Th scope="col">前缀</Table.Th>
            <Table.Th scope="col">日期部分</Table.Th>
            <Table.Th scope="col">流水号长度</Table.Th>
            <Table.Th scope="col">重置周期</Table.Th>
            <Table.Th scope="col">下一个编号</Table.Th>
            {canEdit ? <Table.Th scope="col">操作</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((r) => {
            const formId = `rule-${r.docType}`;
            const mine = failed?.docType === r.docType ? failed : undefined;
            const v = (name: string, fallback: string) => mine?.values[name] ?? fallback;
            const err = (name: string) => mine?.fields[name]?.[0];
            return (
              <Table.Tr key={r.docType} data-testid={`rule-${r.docType}`}>
                <Table.Td>
                  {r.label}{" "}
                  {r.custom ? (
                    <Badge size="xs" variant="light">
                      自定义
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    form={formId}
                    name="prefix"
                    aria-label={`${r.label}前缀`}
                    defaultValue={v("prefix", r.prefix)}
                    maxLength={8}
                    w={90}
                    error={err("prefix")}
                    disabled={!canEdit}
                    key={`${r.docType}-p-${r.prefix}-${mine ? "e" : ""}`}
                  />
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    form={formId}
                    name="datePart"
                    aria-label={`${r.label}日期部分`}
                    defaultValue={v("datePart", r.datePart)}
                    data={DATE_PARTS.map(([value, label]) => ({ value, label }))}
                    error={err("datePart")}
                    disabled={!canEdit}
                    key={`${r.docType}-d-${r.datePart}-${mine ? "e" : ""}`}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    form={formId}
                    name="seqLength"
                    type="number"
                    min={SEQ_MIN}
                    max={SEQ_MAX}
                    aria-label={`${r.label}流水号长度`}
                    defaultValue={v("seqLength", String(r.seqLength))}
                    w={80}
                    error={err("seqLength")}
                    disabled={!canEdit}
                    key={`${r.docType}-s-${r.seqLength}-${mine ? "e" : ""}`}
                  />
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    form={formId}
                    name="reset"
                    aria-label={`${r.label}重置周期`}
                    defaultValue={v("reset", r.reset)}
                    data={RESETS.map(([value, label]) => ({ value, label }))}
                    error={err("reset")}
                    disabled={!canEdit}
                    key={`${r.docType}-r-${r.reset}-${mine ? "e" : ""}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm" data-testid={`preview-${r.docType}`}>
                    {r.preview}
                  </Text>
                </Table.Td>
                {canEdit ? (
                  <Table.Td>
                    <Form method="post" id={formId}>
                      <input type="hidden" name="docType" value={r.docType} />
                      <Group gap={6} wrap="nowrap">
                        <Button type="submit" name="intent" value="save" size="xs" loading={busyDoc === r.docType && nav.formData?.get("intent") === "save"}>
                          保存
                        </Button>
                        <Button type="submit" name="intent" value="restore" size="xs" variant="default" disabled={!r.custom}>
                          恢复默认
                        </Button>
                      </Group>
                    </Form>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
