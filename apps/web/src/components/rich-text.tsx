import { looksLikeHtml } from '@foyer/contract';
import { Text, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { cleanRichText } from '../lib/rich-text';
import classes from './rich-text.module.css';

/**
 * E2.71: a text written with the rich-text field, shown with its formatting; a plain text (one
 * written before the field existed) keeps its line breaks. Links open in a new tab only when their
 * author chose so.
 */
export function RichText({ value, 'data-testid': testId }: { value: string; 'data-testid'?: string }) {
  const html = useMemo(() => (looksLikeHtml(value) ? cleanRichText(value) : null), [value]);
  if (html === null) {
    return (
      <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid={testId}>
        {value.trim()}
      </Text>
    );
  }
  return (
    <Typography className={classes.text} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rebuilt from the allow-list by cleanRichText */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
