import { graphql } from "gatsby";
import { websitePageHead } from "./website-page-head";
import PageBody from "../components/pages/contact";

/** The page's query and head tags; the body is components/pages/contact.tsx, which recipes may shadow. */
export default PageBody;

export const Head = websitePageHead;

export const query = graphql`
  query MainstreetContactPage($id: String!) {
    mainstreetBusiness {
      name
    }
    mainstreetPage(pageId: { eq: $id }) {
      ...MainstreetWebsitePage
    }
    allMainstreetLocation(sort: { order: ASC }) {
      nodes {
        ...MainstreetLocationCard
      }
    }
  }
`;
