import { graphql } from "gatsby";
import { websitePageHead } from "./website-page-head";
import PageBody from "../components/pages/work-with-us";

/** The page's query and head tags; the body is components/pages/work-with-us.tsx, which recipes may shadow. */
export default PageBody;

export const Head = websitePageHead;

export const query = graphql`
  query MainstreetWorkWithUsPage($id: String!) {
    mainstreetBusiness {
      name
    }
    mainstreetPage(pageId: { eq: $id }) {
      ...MainstreetWebsitePage
    }
    allMainstreetLocation(sort: [{ primaryLocation: DESC }, { order: ASC }]) {
      nodes {
        email
        contactEmails
      }
    }
  }
`;
