import Icon from '@ant-design/icons';
import type { GetProps } from 'antd';

/** A magic wand with a spark at its tip, drawn on Ant Design's 1024 grid so it sits with the other icons. */
function WandSvg() {
  return (
    <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      <g stroke="currentColor" strokeWidth={84} strokeLinecap="round">
        <path d="M168 856 536 488" />
        <path d="M636 388l56-56" />
      </g>
      <path d="M784 96q0 144 144 144-144 0-144 144 0-144-144-144 144 0 144-144zM424 104q0 80 80 80-80 0-80 80 0-80-80-80 80 0 80-80zM864 536q0 80 80 80-80 0-80 80 0-80-80-80 80 0 80-80z" />
    </svg>
  );
}

/** Decorative, like the other tools' icons: the button around it carries the name. */
export function WandIcon(props: Partial<GetProps<typeof Icon>>) {
  return <Icon component={WandSvg} aria-hidden {...props} />;
}
