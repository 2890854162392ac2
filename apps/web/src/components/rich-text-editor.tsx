import '@mantine/tiptap/styles.css';
import { isRichTextUrl, plainToRichText } from '@foyer/contract';
import { Button, Checkbox, Group, Input, Popover, Stack, TextInput } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { Link, RichTextEditor, type RichTextEditorLabels, useRichTextEditorContext } from '@mantine/tiptap';
import { IconLink } from '@tabler/icons-react';
import { useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { addCatalogue } from '../i18n';
import en from '../i18n/locales/en/rich-text.json';
import { useTranslation } from '../i18n/react';
import classes from './rich-text.module.css';

export interface RichTextInputProps {
  /** HTML, or plain text written before the editor existed (it opens as one paragraph per line). */
  value: string;
  /** The HTML, or '' when the editor holds no text. */
  onChange(value: string): void;
  /** The editable area's id; the field's label and messages point at it. */
  id: string;
  labelId: string;
  describedBy?: string;
  /** Where the keyboard hint goes (it is part of describedBy). */
  hintId: string;
  invalid?: boolean;
  required?: boolean;
  'data-testid'?: string;
}

/**
 * What a link may point at: the contract's schemes (the server drops any other). No autolink: with
 * it the link would also grow over whatever is typed right after it.
 */
const SafeLink = Link.configure({
  autolink: false,
  isAllowedUri: (url, ctx) => isRichTextUrl(url) && ctx.defaultValidate(url),
  HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
});

// The field's English texts travel with the editor's chunk, not the first route (see i18n/index.ts).
addCatalogue('en', en);

/** Keys typed here stay here: Escape closes this box, not the modal around the form. */
const STOP = { 'data-mantine-stop-propagation': true } as const;

/**
 * The link control: its box has a labelled address field, a labelled "new tab" checkbox and Save
 * (Enter in the address saves too, Escape goes back to the text). Ctrl/Cmd+K in the text opens it
 * (Mantine's Link extension sends `edit-link`).
 */
function LinkControl() {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [newTab, setNewTab] = useState(false);
  const active = useEditorState({
    editor,
    selector: (state) => Boolean(state.editor && !state.editor.isDestroyed && state.editor.isActive('link')),
  });
  const open = () => {
    const current = editor?.getAttributes('link') ?? {};
    setUrl(typeof current.href === 'string' ? current.href : '');
    setNewTab(current.target === '_blank');
    setOpened(true);
  };
  useWindowEvent('edit-link', open);
  const backToText = () => {
    setOpened(false);
    editor?.commands.focus();
  };
  const save = () => {
    setOpened(false);
    const href = url.trim();
    const chain = editor?.chain().focus().extendMarkRange('link');
    if (!href) chain?.unsetLink().run();
    else chain?.setLink({ href, target: newTab ? '_blank' : null }).run();
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      backToText();
    }
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus={false}
      closeOnEscape={false}
      withinPortal
      shadow="md"
      position="bottom-start"
      zIndex={10_000}
    >
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={t('richText.link')}
          title={t('richText.link')}
          aria-haspopup="dialog"
          aria-expanded={opened}
          active={active ?? false}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <IconLink size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown
        role="dialog"
        aria-label={t('richText.link')}
        onKeyDown={keys}
        maw={360}
        w="calc(100vw - 32px)"
      >
        <Stack gap="xs">
          <TextInput
            {...STOP}
            type="url"
            label={t('richText.linkUrl')}
            placeholder={t('richText.linkPlaceholder')}
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                save();
              }
            }}
            data-autofocus
          />
          <Checkbox
            {...STOP}
            label={t('richText.linkNewTab')}
            checked={newTab}
            onChange={(event) => setNewTab(event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="xs">
            <Button {...STOP} variant="default" size="xs" onClick={backToText}>
              {t('richText.linkCancel')}
            </Button>
            <Button {...STOP} size="xs" onClick={save}>
              {t('richText.linkSave')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * E2.71: the rich-text field's editor (Tiptap through @mantine/tiptap), loaded only when a form shows
 * one. Everything is reachable by keyboard: Tab moves through the toolbar to the text; in the text,
 * Ctrl/Cmd+B, I, U format, Ctrl/Cmd+K opens the link address box (Enter saves it).
 */
export default function RichTextInput({
  value,
  onChange,
  id,
  labelId,
  describedBy,
  hintId,
  invalid,
  required,
  'data-testid': testId,
}: RichTextInputProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        heading: { levels: [3, 4] },
      }),
      SafeLink,
    ],
    content: plainToRichText(value),
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('richText.bold'),
      italicControlLabel: t('richText.italic'),
      underlineControlLabel: t('richText.underline'),
      strikeControlLabel: t('richText.strike'),
      clearFormattingControlLabel: t('richText.clear'),
      h3ControlLabel: t('richText.heading'),
      h4ControlLabel: t('richText.subheading'),
      bulletListControlLabel: t('richText.bulletList'),
      orderedListControlLabel: t('richText.orderedList'),
      blockquoteControlLabel: t('richText.quote'),
      unlinkControlLabel: t('richText.unlink'),
      undoControlLabel: t('richText.undo'),
      redoControlLabel: t('richText.redo'),
    }),
    [t],
  );

  return (
    <>
      <RichTextEditor editor={editor} labels={labels} data-invalid={invalid || undefined}>
        <RichTextEditor.Toolbar aria-label={t('richText.toolbar')} role="toolbar">
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <LinkControl />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content className={classes.text} />
      </RichTextEditor>
      <Input.Description id={hintId} mt={4}>
        {t('richText.hint')}
      </Input.Description>
    </>
  );
}
