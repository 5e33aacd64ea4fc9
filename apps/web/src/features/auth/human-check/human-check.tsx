import { CaptchaChallenge } from '@nimbus/contract';
import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n/react';
import type { Locale } from '@nimbus/contract';

/**
 * Fetches a challenge (GET api/captcha) and solves it: SHA-256 over counters until the signed
 * prefix matches, yielding to the page every few hundred milliseconds. Answers the request's
 * `Captcha` field, or null when the browser could not solve it in time.
 */
export async function solveCaptcha(onProgress: (done: number) => void): Promise<string | null> {
  const { Challenge, MaxCounter } = await api.get('captcha', CaptchaChallenge);
  let tries = 0;
  const solution = await solveChallenge({
    challenge: Challenge,
    deriveKey: (parameters, salt, password) => {
      tries += 1;
      if (tries % 200 === 0) onProgress(Math.min(tries / MaxCounter, 0.99));
      return deriveKey(parameters, salt, password);
    },
  });
  if (!solution) return null;
  onProgress(1);
  const payload = { challenge: Challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  return btoa(JSON.stringify(payload));
}

/**
 * The panel's strings travel with it, not in the public locale files: /login's first download has
 * no room to spare (docs/decisions/0005-web-bundle-budget.md), and most visitors never see the
 * check.
 */
const TEXT: Record<Locale, Record<'checking' | 'hint' | 'progress', string>> = {
  en_US: {
    checking: "Verifying you're human…",
    hint: 'Your browser is solving a short puzzle. It takes a few seconds and needs nothing from you.',
    progress: 'Verification progress',
  },
  zh_CN: {
    checking: '正在验证您是真人…',
    hint: '您的浏览器正在完成一道简短的计算题，只需几秒钟，无需您做任何操作。',
    progress: '验证进度',
  },
};

export default function HumanCheckPanel({ progress }: { progress: number }) {
  const { i18n } = useTranslation();
  const text = TEXT[i18n.language];
  const percent = Math.round(progress * 100);
  return (
    <Paper withBorder radius="md" p="sm" role="status" aria-live="polite">
      <Stack gap={8}>
        <Group gap="xs" wrap="nowrap">
          <IconShieldCheck size={20} aria-hidden color="var(--mantine-color-ocean-filled)" />
          <Text fw={600} size="sm">
            {text.checking}
          </Text>
        </Group>
        <Progress value={percent} animated aria-label={text.progress} />
        <Text size="xs" c="dimmed">
          {text.hint}
        </Text>
      </Stack>
    </Paper>
  );
}
