import { graphql } from "gatsby";
import { websitePageHead } from "./website-page-head";
import PageBody from "../components/pages/services";

/** The page's query and head tags; the body is components/pages/services.tsx, which recipes may shadow. */
export default PageBody;

export const Head = websitePageHead;

export const query = graphql`
  query MainstreetServicesPage($id: String!) {
    mainstreetPage(pageId: { eq: $id }) {
      ...MainstreetWebsitePage
    }
    ...MainstreetMenuSections
  }
`;
