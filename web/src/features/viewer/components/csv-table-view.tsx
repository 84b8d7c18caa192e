import { Box, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { CSV_ROW_LIMIT, parseCsv } from '../csv';

/** A CSV file as a table: its first row as the header, the first 5,000 rows, and a note when there are more. */
export function CsvTableView({ text }: { text: string }) {
  const table = useMemo(() => parseCsv(text), [text]);
  const columns = Math.max(table.header.length, ...table.rows.slice(0, 50).map((r) => r.length));
  const cells = (row: string[]) => Array.from({ length: columns }, (_, i) => row[i] ?? '');
  return (
    <Box p={{ base: '2', md: '4' }}>
      {table.totalRows > table.rows.length && (
        <Text textStyle="sm" color="fg.muted" mb="2" data-testid="csv-note">
          Showing the first {CSV_ROW_LIMIT.toLocaleString('en-US')} of {table.totalRows.toLocaleString('en-US')} rows.
        </Text>
      )}
      <Box overflowX="auto" borderWidth="1px" rounded="md" bg="bg">
        <Table.Root size="sm" variant="line">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {cells(table.header).map((cell, i) => (
                <Table.ColumnHeader key={i} whiteSpace="nowrap">
                  {cell}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {table.rows.map((row, r) => (
              <Table.Row key={r}>
                {cells(row).map((cell, i) => (
                  <Table.Cell key={i} whiteSpace="pre-wrap" maxW="md" verticalAlign="top">
                    {cell}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
