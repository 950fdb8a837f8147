/**
 * On an element whose content needs the app once it nears the screen (an embed, whose frame the app adds): the
 * loader starts the app at once when one is near the screen at load, the page watcher when one comes near
 * (data/page-start.ts). A file of its own: the embed's chunk imports it, and the app's first chunk then keeps
 * page-start.ts's names to itself (inlined where they are used).
 */
export const CODE_WHEN_VISIBLE_ATTRIBUTE = "data-code-when-visible";
