import { graphql } from "gatsby";
import { websitePageHead } from "./website-page-head";
import PageBody from "../components/pages/team";

/** The page's query and head tags; the body is components/pages/team.tsx, which recipes may shadow. */
export default PageBody;

export const Head = websitePageHead;

export const query = graphql`
  query MainstreetTeamPage($id: String!) {
    mainstreetPage(pageId: { eq: $id }) {
      ...MainstreetWebsitePage
    }
    allMainstreetTeamMember(filter: { show: { eq: true } }, sort: { order: ASC }) {
      nodes {
        ...MainstreetMemberCard
      }
    }
  }
`;
