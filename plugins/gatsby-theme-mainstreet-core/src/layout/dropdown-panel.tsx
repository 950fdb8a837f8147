import React, { useEffect, type Dispatch } from "react";
import type { NavItem } from "@mainstreet/rules/site/navigation";
import { ANIMATION } from "@mainstreet/rules/business/constants";
import { expandedGroupsOf, type MenuAction, type MenuState } from "@mainstreet/rules/orders/menu-state";
import { masonryColumnCount } from "@mainstreet/rules/site/navigation-ui";
import { useViewportWidth } from "../hooks/use-viewport-width";
import { Collapse } from "../components/collapse";
import { PopupAccordion } from "../components/popup-accordion";

/** What a dropdown is drawn from: its page, and the navigation's menu state. */
export interface DropdownProps {
  item: NavItem;
  state: MenuState;
  dispatch: Dispatch<MenuAction>;
}

/** The dropdown's props, with what the dropdown works out from them. */
export interface DropdownPanelProps extends DropdownProps {
  menuId: string;
  panelId: string;
  open: boolean;
  /** The pointer entered the panel: it then stays open a little longer when the pointer slips off. */
  onPointerEnter: () => void;
  /** Called each time the panel is in the page open (keyboard opening then moves focus into it). */
  onShown: () => void;
}

/**
 * A dropdown's panel: the popup accordion of the page's children in masonry columns, opening and closing
 * with a height animation. Its own chunk, loaded when a visitor first opens a dropdown (or points at or
 * focuses the navigation): a page whose visitor never opens one never downloads it.
 */
export default function DropdownPanel({ item, menuId, panelId, open, state, dispatch, onPointerEnter, onShown }: DropdownPanelProps) {
  const width = useViewportWidth();
  useEffect(() => {
    if (open) onShown();
  }, [open, onShown]);
  return (
    <Collapse open={open} id={panelId} className="nav-dropdown" durationMs={ANIMATION.dropdownHeightMs}>
      <div className="nav-dropdown__inner" onPointerEnter={onPointerEnter}>
        <PopupAccordion
          item={item}
          columns={masonryColumnCount(width, item.groups.length)}
          expandedGroups={expandedGroupsOf(state, menuId)}
          onToggleGroup={(group) => dispatch({ type: "toggleGroup", menuId, group })}
          onNavigate={() => dispatch({ type: "closeAll" })}
        />
      </div>
    </Collapse>
  );
}
