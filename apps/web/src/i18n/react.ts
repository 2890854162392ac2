import {
  cloneElement,
  createElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useSyncExternalStore,
} from 'react';
import { fill, i18n, type TFunction, type TOptions, type Translator } from './translator';
import type { TranslationKey } from './types';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  i18n.on('wordsChanged', onChange);
  return () => {
    i18n.off('languageChanged', onChange);
    i18n.off('wordsChanged', onChange);
  };
}

const shown = () => i18n.shown;

/**
 * `t` in the language shown, and the translator: the component renders again when the language
 * changes (as react-i18next's hook did by default), or the event's own words do (A7.27).
 * Catalogues must be added before the first render that needs them, as the feature areas do on import.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  useSyncExternalStore(subscribe, shown, shown);
  return { t: i18n.getFixedT(i18n.language), i18n };
}

const TAG = /<(\/?)([\w-]+)\s*(\/?)>/g;

type Node = string | { name: string; children: Node[] };

/** `a <b>c</b> <d/>` as text and named elements; an unclosed or stray tag is kept as text. */
function parse(text: string): Node[] {
  const root: Node[] = [];
  const open: { name: string; children: Node[] }[] = [];
  const into = () => open.at(-1)?.children ?? root;
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [tag, closing, name = '', selfClosing] = match;
    if (match.index > last) into().push(text.slice(last, match.index));
    last = match.index + tag.length;
    if (selfClosing) into().push({ name, children: [] });
    else if (!closing) open.push({ name, children: [] });
    else if (open.at(-1)?.name === name) {
      const element = open.pop();
      if (element) into().push({ name, children: element.children });
    } else into().push(tag);
  }
  if (last < text.length) into().push(text.slice(last));
  // Tags never closed: their opening tag is text again, their content stays where it was.
  while (open.length > 0) {
    const element = open.pop();
    if (element) into().push(`<${element.name}>`, ...element.children);
  }
  return root;
}

/** The parts as children given one by one (so React needs no keys: their order is fixed). */
function render(nodes: Node[], components: Record<string, ReactElement>, values: TOptions): ReactNode[] {
  return nodes.map((node) => {
    if (typeof node === 'string') return fill(node, values);
    const children = render(node.children, components, values);
    const component = Object.hasOwn(components, node.name) ? components[node.name] : undefined;
    if (!component) return createElement(Fragment, null, ...children);
    return children.length > 0 ? cloneElement(component, undefined, ...children) : component;
  });
}

/**
 * A text with elements inside it (`Read the <privacy>privacy notice</privacy>`): each tag names
 * one of `components`, which wraps the text between the tags. `values` fill `{{placeholders}}` in
 * the text only, so a value (an e-mail address) never becomes markup.
 */
export function Trans({
  i18nKey,
  components = {},
  values = {},
}: {
  i18nKey: TranslationKey;
  components?: Record<string, ReactElement>;
  values?: TOptions;
}): ReactNode {
  const { i18n: translator } = useTranslation();
  const parts = render(parse(translator.raw(translator.language, i18nKey, values.count)), components, values);
  return createElement(Fragment, null, ...parts);
}
