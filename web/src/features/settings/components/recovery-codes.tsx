import { Button, Code, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Copy, Download } from 'lucide-react';
import { notify } from '../../../lib/toast';

/** The codes, shown once: copied or downloaded before the dialog is closed. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const text = `Data room recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success('Recovery codes copied');
    } catch {
      notify.error('Could not copy: select the codes and copy them by hand');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'data-room-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="3">
      <Text textStyle="sm">
        Keep these recovery codes somewhere safe, apart from your phone. If you lose your authenticator, each code signs you in
        once. They are shown only now.
      </Text>
      <SimpleGrid columns={2} gap="2" data-testid="recovery-codes" bg="bg.muted" rounded="md" p="3">
        {codes.map((code) => (
          <Code key={code} fontSize="sm" bg="transparent">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <HStack>
        <Button size="sm" variant="outline" onClick={copy}>
          <Copy size={14} /> Copy
        </Button>
        <Button size="sm" variant="outline" onClick={download}>
          <Download size={14} /> Download
        </Button>
      </HStack>
    </Stack>
  );
}
