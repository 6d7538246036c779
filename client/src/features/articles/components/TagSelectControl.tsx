import { useEffect, useRef, useState } from 'react';
import Select, { type SelectInstance, type StylesConfig } from 'react-select';
import { useTheme } from '@/lib/auth';
import { TAG_OPTIONS, type TagOption } from '../tags';

export interface TagSelectProps {
  inputId: string;
  value: TagOption[];
  onChange: (value: TagOption[]) => void;
  placeholder?: string;
}

/**
 * What the control is drawn with: `initialInput` is what was typed into its stand-in (TagSelect.tsx),
 * `openMenu` whether its menu opens at once (for a reader who reached the stand-in by pointer or typed).
 */
export type TagSelectControlProps = Required<TagSelectProps> & { initialInput: string; openMenu: boolean };

/** react-select styles from our tokens; the dark flag switches the palette (docs/product.md: dark mode styles the tag selector). */
export function tagSelectStyles(darkMode: boolean): StylesConfig<TagOption, true> {
  const c = darkMode
    ? {
        bg: '#131c2e',
        border: '#2b3850',
        text: '#e5e9f0',
        muted: '#a3afc2',
        hover: '#1b263b',
        chip: '#164e63',
      }
    : {
        bg: '#ffffff',
        border: '#ddd6c8',
        text: '#1b1a17',
        muted: '#57534e',
        hover: '#efebe2',
        chip: '#cffafe',
      };
  return {
    control: (base, state) => ({
      ...base,
      backgroundColor: c.bg,
      borderColor: state.isFocused ? (darkMode ? '#22d3ee' : '#0e7490') : c.border,
      boxShadow: state.isFocused ? `0 0 0 2px ${darkMode ? '#22d3ee55' : '#0e749055'}` : 'none',
      minHeight: 40,
      ':hover': { borderColor: darkMode ? '#22d3ee' : '#0e7490' },
    }),
    menu: (base) => ({ ...base, backgroundColor: c.bg, border: `1px solid ${c.border}`, zIndex: 30 }),
    option: (base, state) => ({
      ...base,
      backgroundColor: state.isFocused ? c.hover : c.bg,
      color: c.text,
    }),
    input: (base) => ({ ...base, color: c.text }),
    placeholder: (base) => ({ ...base, color: c.muted }),
    singleValue: (base) => ({ ...base, color: c.text }),
    multiValue: (base) => ({ ...base, backgroundColor: c.chip }),
    multiValueLabel: (base) => ({ ...base, color: c.text }),
    multiValueRemove: (base) => ({ ...base, color: c.text, ':hover': { backgroundColor: c.hover } }),
    indicatorSeparator: (base) => ({ ...base, backgroundColor: c.border }),
    dropdownIndicator: (base) => ({ ...base, color: c.muted }),
    clearIndicator: (base) => ({ ...base, color: c.muted }),
    noOptionsMessage: (base) => ({ ...base, color: c.muted }),
  };
}

/** The tag multi-select itself (react-select), loaded in a chunk of its own by TagSelect.tsx. */
export default function TagSelectControl({
  inputId,
  value,
  onChange,
  placeholder,
  initialInput,
  openMenu,
}: TagSelectControlProps) {
  const { darkMode } = useTheme();
  // A reader who reached the stand-in (Tab, a tap) keeps the focus on the control that replaces it.
  const [hadFocus] = useState(() => document.activeElement?.id === inputId);
  const select = useRef<SelectInstance<TagOption, true>>(null);
  // Opened as a click or typing opens it: its first option focused, so that Enter picks it.
  useEffect(() => {
    if (hadFocus && openMenu) select.current?.openMenu('first');
  }, [hadFocus, openMenu]);
  return (
    <Select<TagOption, true>
      autoFocus={hadFocus}
      defaultInputValue={initialInput}
      ref={select}
      inputId={inputId}
      instanceId={inputId}
      isMulti
      options={TAG_OPTIONS}
      value={value}
      onChange={(v) => onChange([...v])}
      placeholder={placeholder}
      styles={tagSelectStyles(darkMode)}
      classNamePrefix="tag-select"
    />
  );
}
